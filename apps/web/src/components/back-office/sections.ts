import type { BackOfficeSection } from '@shop/contract/back-office';
import type { LinkProps } from '@tanstack/react-router';

export type BackOfficeLink = {
  section: BackOfficeSection;
  to: NonNullable<LinkProps['to']>;
  /** The section's name, in the navigation and on the staff desk's card. */
  title: string;
  description: string;
  /** Pages of the section that live outside its path (the cash-up belongs to orders). */
  alsoAt?: string[];
};

/**
 * The back office's sections with where they live and what they are called: the one list the
 * frame's navigation and the staff desk's cards read (who may use each is
 * @shop/contract/back-office's).
 */
export const BACK_OFFICE_LINKS: BackOfficeLink[] = [
  {
    section: 'dashboard',
    to: '/admin',
    title: 'The day’s figures',
    description: 'Revenue, orders and customers; work waiting; exports for the accountant.',
  },
  {
    section: 'orders',
    to: '/admin/orders',
    title: 'Orders',
    description: 'Move orders along, assign riders, mark them delivered.',
    alsoAt: ['/admin/cash'],
  },
  {
    section: 'products',
    to: '/admin/products',
    title: 'Products',
    description: 'Add bottles, change prices and sizes, correct stock, hide or archive.',
  },
  {
    section: 'stock',
    to: '/admin/stock',
    title: 'Stock',
    description: 'Sizes running low or sold out; receive deliveries, record breakage.',
  },
  {
    section: 'categories',
    to: '/admin/categories',
    title: 'Categories',
    description: 'Add, rename, reorder and hide the shop’s categories.',
  },
  {
    section: 'catalog_import',
    to: '/admin/catalog-import',
    title: 'Import / export',
    description: 'Update the catalog from a CSV file, or download it as one.',
  },
  {
    section: 'events',
    to: '/admin/events',
    title: 'Events',
    description: 'Create and publish tastings, see guests, check tickets in.',
  },
  {
    section: 'customers',
    to: '/admin/customers',
    title: 'Customers',
    description: 'Find a customer by name, e-mail or phone; their orders, RSVPs, reviews and newsletter.',
  },
  {
    section: 'refunds',
    to: '/admin/refunds',
    title: 'Refunds',
    description: 'Payments to refund (paid twice, short), and the credit notes for the accountant.',
  },
  {
    section: 'efris',
    to: '/admin/efris',
    title: 'EFRIS',
    description: 'Invoices fiscalised with URA, those waiting or refused, and retries.',
  },
  {
    section: 'discounts',
    to: '/admin/discounts',
    title: 'Discount codes',
    description: 'Promotion codes: percentage or amount off, limits and dates; pause or end them.',
  },
  {
    section: 'companies',
    to: '/admin/companies',
    title: 'Company accounts',
    description: 'Approve companies, choose who orders for them, see what each owes.',
  },
  {
    section: 'delivery_zones',
    to: '/admin/delivery-zones',
    title: 'Delivery zones',
    description: 'Delivery areas, their fees and delivery times.',
  },
  {
    section: 'reviews',
    to: '/admin/reviews',
    title: 'Reviews',
    description: 'Reported reviews first; hide one with a reason its author sees, or show it again.',
  },
  {
    section: 'newsletter',
    to: '/admin/newsletter',
    title: 'Newsletter',
    description: 'Subscribers and their CSV; compose, test and send campaigns.',
  },
  {
    section: 'outbox',
    to: '/admin/outbox',
    title: 'Outbox',
    description: 'E-mails not sent, to read and pass their links on to customers.',
  },
  {
    section: 'audit',
    to: '/admin/audit',
    title: 'Audit trail',
    description: 'Every change made in the back office: who, when, before → after.',
  },
  {
    section: 'privacy',
    to: '/admin/privacy',
    title: 'Privacy',
    description: 'Who receives customers’ data; how long each kind is kept and the breach log (admins).',
  },
  {
    section: 'settings',
    to: '/admin/settings',
    title: 'Shop settings',
    description: 'Contact details, opening hours, free delivery, minimum age, VAT, reviews (admins).',
  },
  {
    section: 'staff_accounts',
    to: '/admin/staff',
    title: 'Staff and roles',
    description: 'Invite staff by e-mail, change roles, remove staff rights.',
  },
];

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The section a back-office path belongs to (the longest match; the dashboard at /admin only). */
export function sectionAt(pathname: string): BackOfficeSection | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { section: BackOfficeSection; length: number } | null = null;
  for (const link of BACK_OFFICE_LINKS) {
    for (const prefix of [String(link.to), ...(link.alsoAt ?? [])]) {
      const matches = prefix === '/admin' ? path === '/admin' : within(path, prefix);
      if (matches && (!best || prefix.length > best.length))
        best = { section: link.section, length: prefix.length };
    }
  }
  return best?.section ?? null;
}
