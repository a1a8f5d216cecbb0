import { describe, expect, it } from 'vitest';
import { failureMessage, failureMessages } from './errors';
import { formatUGX, formatUGXIso, isValidAmount } from './money';
import { appRoutes, matchAppRoute, pageTitle } from './pages';
import { pageQuerySchema, toPagedList } from './pagination';

describe('formatUGX', () => {
  it('formats whole shillings in the shop style', () => {
    expect(formatUGX(1_000_000)).toBe('Shs 1,000,000');
    expect(formatUGX(45_000)).toBe('Shs 45,000');
    expect(formatUGX(0)).toBe('Shs 0');
    expect(formatUGX(-5_000)).toBe('-Shs 5,000');
    expect(formatUGXIso(2_500_000)).toBe('UGX 2,500,000');
    expect(formatUGX(999)).toBe('Shs 999');
    expect(formatUGX(1_234_567_890)).toBe('Shs 1,234,567,890');
  });
  it('rejects what is not an amount', () => {
    expect(() => formatUGX(Number.NaN)).toThrow(RangeError);
    expect(isValidAmount(10)).toBe(true);
    expect(isValidAmount(10.5)).toBe(false);
    expect(isValidAmount(-1)).toBe(false);
  });
});

describe('failureMessage (docs/product.md section 8)', () => {
  it.each([
    [401, 'Your session has expired. Please log in again.'],
    [403, "You don't have permission to perform this action."],
    [404, 'The requested information could not be found.'],
    [422, 'Please check your input and try again.'],
    [429, 'Too many requests. Please wait a moment and try again.'],
    [500, 'Our servers are experiencing issues. Please try again later.'],
    [502, 'Our servers are experiencing issues. Please try again later.'],
    [503, 'Our servers are experiencing issues. Please try again later.'],
    [504, 'Our servers are experiencing issues. Please try again later.'],
    [400, 'Something went wrong. Please try again.'],
    [418, 'Something went wrong. Please try again.'],
  ])('maps status %i', (status, message) => {
    expect(failureMessage({ kind: 'status', status })).toBe(message);
  });
  it('maps no response, timeout and the rest', () => {
    expect(failureMessage({ kind: 'no_response' })).toBe(
      'Unable to connect to the server. Please check your internet connection.',
    );
    expect(failureMessage({ kind: 'timeout' })).toBe(
      'The request took too long. Please check your connection and try again.',
    );
    expect(failureMessage({ kind: 'unknown' })).toBe(failureMessages.otherwise);
  });
});

describe('pageTitle', () => {
  it('turns underscores into spaces, capitalises and adds the brand', () => {
    expect(pageTitle('payment_return')).toBe('Payment Return | Kampala Cellars');
    expect(pageTitle('home')).toBe('Home | Kampala Cellars');
    expect(pageTitle('order_success', 'Shop')).toBe('Order Success | Shop');
  });
});

describe('appRoutes', () => {
  it('registers the 21 routes of docs/product.md section 2, the password-reset page, the order page, the payment and sandbox phone pages, the two newsletter e-mail pages, the gift link page, the rider run, the company accounts page, the staff pages and the 8 footer pages', () => {
    expect(appRoutes).toHaveLength(65);
    const protectedPaths = appRoutes.filter((route) => route.requiresAuth).map((route) => route.path);
    expect(protectedPaths.sort()).toEqual(
      [
        '/checkout',
        '/account',
        '/wishlist',
        '/delivery-tracking',
        '/order-history',
        '/order-history/$id',
        '/invoices',
        '/payments',
        '/pay/$orderId',
        '/sandbox/pay/$reference',
        '/profile',
        '/admin/events',
        '/admin',
        '/admin/orders',
        '/admin/orders/$id',
        '/admin/cash',
        '/admin/delivery-zones',
        '/admin/outbox',
        '/admin/categories',
        '/admin/catalog-import',
        '/admin/products',
        '/admin/products/new',
        '/admin/products/$id',
        '/admin/stock',
        '/admin/refunds',
        '/rider',
        '/admin/discounts',
        '/admin/companies',
        '/company',
        '/admin/efris',
        '/admin/reviews',
        '/admin/newsletter',
        '/admin/newsletter/campaigns',
        '/admin/customers',
        '/admin/customers/$id',
        '/admin/staff',
        '/choose-password',
        '/admin/settings',
        '/admin/audit',
        '/admin/privacy',
      ].sort(),
    );
  });
  it('matches paths to routes', () => {
    expect(matchAppRoute('/')?.name).toBe('home');
    expect(matchAppRoute('/products/')?.name).toBe('products');
    expect(matchAppRoute('/products/chateau-margaux')?.name).toBe('product_detail');
    expect(matchAppRoute('/order_success/12')?.name).toBe('order_success');
    expect(matchAppRoute('/products/1/extra')).toBeUndefined();
    expect(matchAppRoute('/nope')).toBeUndefined();
    expect(matchAppRoute('/admin/products/new')?.name).toBe('admin_product_new');
    expect(matchAppRoute('/admin/products/12')?.name).toBe('admin_product_edit');
  });
});

describe('pagination', () => {
  it('defaults, bounds and builds the paged shape', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, page_size: 12 });
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: 'abc' }).success).toBe(false);
    expect(toPagedList([1, 2], 25, { page: 1, page_size: 12 })).toEqual({
      results: [1, 2],
      count: 25,
      total_pages: 3,
      next: 2,
    });
    expect(toPagedList([], 25, { page: 3, page_size: 12 }).next).toBeNull();
  });
});
