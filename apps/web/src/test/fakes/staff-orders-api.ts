import type { OrderStatus } from '@shop/contract/orders';
import type { StaffOrder, StaffOrderDetail, StaffOrderListResponse } from '@shop/contract/staff-orders';
import { makePage } from './catalog-api';

/** Test data for the back office's orders: the desk's cards and an order's own page, as the API answers them. */

export const STAFF_ORDER_ID = '3f1c9a52-8d4e-4b7a-9c21-5e6f7a8b9c0d';

export function makeStaffOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    id: STAFF_ORDER_ID,
    order_number: 'ORD-20261122-7KQ2M',
    status: 'ready_for_delivery',
    payment_status: 'pending',
    payment_method: 'cash_on_delivery',
    fulfilment: 'delivery',
    item_count: 3,
    total: 250_000,
    created_at: '2026-11-22T09:00:00.000Z',
    contact_name: 'Namara Kisakye',
    contact_phone: '+256772123456',
    delivery_zone: 'Central Kampala',
    street: 'Acacia Avenue 12',
    customer_note: null,
    cancel_reason: null,
    estimated_delivery_time: null,
    delivery_instructions: {
      preferred_delivery_time: 'evening',
      contact_preference: 'phone',
      leave_at_door: false,
      require_signature: true,
      delivery_notes: null,
      special_instructions: null,
      access_instructions: 'Blue gate',
      security_code: '4711',
      landmark: 'Opposite Shell Kololo',
      plus_code: null,
    },
    delivery: { id: 3, status: 'ready_for_delivery', rider_name: null, rider_phone: null },
    allowed_transitions: ['out_for_delivery', 'delivered', 'cancelled'],
    lines: [
      { id: 1, product_name: 'Kanonkop Pinotage', variant_name: '750 ml', sku: 'KAN-PIN-750', quantity: 2 },
      {
        id: 2,
        product_name: 'Bwindi Sauvignon Blanc',
        variant_name: '1.5 L',
        sku: 'BWI-SB-1500',
        quantity: 1,
      },
    ],
    ...overrides,
  };
}

export function makeStaffOrderDetail(overrides: Partial<StaffOrderDetail> = {}): StaffOrderDetail {
  const base = makeStaffOrder(overrides);
  return {
    ...base,
    items: [
      {
        id: 1,
        product_name: 'Kanonkop Pinotage',
        variant_name: '750 ml',
        sku: 'KAN-PIN-750',
        quantity: 2,
        unit_price: 95_000,
        line_total: 190_000,
      },
      {
        id: 2,
        product_name: 'Bwindi Sauvignon Blanc',
        variant_name: '1.5 L',
        sku: 'BWI-SB-1500',
        quantity: 1,
        unit_price: 50_000,
        line_total: 50_000,
      },
    ],
    subtotal: 240_000,
    delivery_fee: 10_000,
    discount: 0,
    discount_code: null,
    vat_added: 0,
    vat_invoice: null,
    customer: { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Namara K.', email: 'namara@example.ug' },
    mobile_money_network: null,
    payment_phone: null,
    invoice_number: 'INV-000042',
    invoice_pdf_url: '/api/v1/orders/invoices/42/pdf/',
    payments: [],
    history: [
      {
        from_status: null,
        status: 'pending',
        note: 'Order placed',
        created_at: '2026-11-22T09:00:00.000Z',
        changed_by: { id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Namara K.', role: 'customer' },
      },
      {
        from_status: 'confirmed',
        status: 'processing',
        note: 'Packing now',
        created_at: '2026-11-22T10:15:00.000Z',
        changed_by: { id: 'c0ffee00-0000-4000-8000-000000000002', name: 'Grace Nansubuga', role: 'staff' },
      },
    ],
    cash_collection: null,
    packing_slip_url: `/api/v1/orders/admin/orders/${base.id}/packing-slip.pdf`,
    gift: null,
    door: { handover_locked: false, door_outcome: null, bottles_back_pending: false, proof: null },
    ...overrides,
  };
}

export const staffStatusCounts = (overrides: Partial<Record<OrderStatus, number>> = {}) => ({
  pending: 0,
  confirmed: 2,
  processing: 0,
  ready_for_delivery: 1,
  out_for_delivery: 0,
  delivered: 5,
  cancelled: 1,
  refunded: 0,
  ...overrides,
});

export function staffOrderList(
  results: StaffOrder[],
  { count }: { count?: number } = {},
): StaffOrderListResponse {
  return { ...makePage(results, { pageSize: 20, count }), status_counts: staffStatusCounts() };
}
