import type { DeliveryZone } from '@shop/contract/delivery';
import type { Invoice, Order, OrderItem, OrderStats, OrderSummary } from '@shop/contract/orders';

/** Test data for the checkout and orders tests: orders, invoices and zones as the API answers them. */

export const ORDER_ID = '3f1c9a52-8d4e-4b7a-9c21-5e6f7a8b9c0d';

export function makeZone(overrides: Partial<DeliveryZone> = {}): DeliveryZone {
  return {
    id: 1,
    slug: 'central-kampala',
    name: 'Central Kampala',
    areas: 'Kololo, Nakasero, Bugolobi, Naguru',
    fee: 10_000,
    delivery_time_minutes: 180,
    delivery_time_label: '2–4 hours',
    ...overrides,
  };
}

export const sampleZones = (): DeliveryZone[] => [
  makeZone(),
  makeZone({
    id: 2,
    slug: 'entebbe-road',
    name: 'Entebbe Road',
    areas: 'Kajjansi, Lubowa, Munyonyo',
    fee: 20_000,
    delivery_time_minutes: 300,
    delivery_time_label: '4–6 hours',
  }),
];

export function makeOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  const unit = overrides.unit_price ?? 260_000;
  const quantity = overrides.quantity ?? 2;
  return {
    id: 1,
    product: 11,
    product_name: 'Kanonkop Pinotage',
    product_slug: 'kanonkop-pinotage',
    image: null,
    variant: 111,
    variant_name: '750 ml bottle',
    sku: 'RED-KAN-750',
    quantity,
    unit_price: unit,
    subtotal: unit * quantity,
    total_price: unit * quantity,
    ...overrides,
  };
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  const items = overrides.items ?? [
    makeOrderItem(),
    makeOrderItem({ id: 2, variant: 112, variant_name: '1.5 L magnum', unit_price: 540_000, quantity: 1 }),
  ];
  const subtotal = items.reduce((sum, item) => sum + item.subtotal, 0);
  const deliveryFee = overrides.delivery_fee ?? (subtotal >= 1_000_000 ? 0 : 10_000);
  return {
    id: ORDER_ID,
    order_number: 'ORD-20261122-7KQ2M',
    status: 'pending',
    payment_status: 'pending',
    payment_method: 'cash_on_delivery',
    mobile_money_network: null,
    payment_phone: null,
    fulfilment: 'delivery',
    items,
    item_count: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal,
    delivery_fee: deliveryFee,
    discount: 0,
    discount_code: null,
    vat_added: 0,
    total: subtotal + deliveryFee,
    currency: 'UGX',
    vat_invoice: null,
    contact_name: 'Amina Nakato',
    contact_phone: '+256772123456',
    sms_updates_to: null,
    delivery_zone: { id: 1, name: 'Central Kampala', delivery_time_label: '2–4 hours' },
    street: 'Acacia Avenue',
    delivery_instructions: {
      preferred_delivery_time: 'evening',
      contact_preference: 'phone',
      leave_at_door: false,
      require_signature: true,
      delivery_notes: null,
      special_instructions: null,
      access_instructions: 'Blue gate, second floor',
      security_code: null,
      landmark: 'Opposite Shell Kololo',
      plus_code: null,
    },
    customer_note: null,
    estimated_delivery_time: null,
    payment_due_at: null,
    cancel_reason: null,
    invoice_number: 'INV-000042',
    fiscal: null,
    gift: null,
    refund_withheld: null,
    history: [{ status: 'pending', note: null, created_at: '2026-11-22T11:05:00.000Z' }],
    created_at: '2026-11-22T11:05:00.000Z',
    updated_at: '2026-11-22T11:05:00.000Z',
    ...overrides,
  };
}

export function summaryOf(order: Order): OrderSummary {
  const {
    id,
    order_number,
    status,
    payment_status,
    payment_method,
    fulfilment,
    item_count,
    total,
    created_at,
  } = order;
  return {
    id,
    order_number,
    status,
    payment_status,
    payment_method,
    fulfilment,
    item_count,
    total,
    created_at,
  };
}

export function makeStats(overrides: Partial<OrderStats> = {}): OrderStats {
  return {
    total_orders: 3,
    total_spent: 1_330_000,
    by_status: {
      pending: 1,
      confirmed: 0,
      processing: 0,
      ready_for_delivery: 0,
      out_for_delivery: 1,
      delivered: 1,
      cancelled: 0,
      refunded: 0,
    },
    ...overrides,
  };
}

export function makeInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 42,
    invoice_number: 'INV-000042',
    order: ORDER_ID,
    order_number: 'ORD-20261122-7KQ2M',
    status: 'issued',
    subtotal: 1_060_000,
    delivery_fee: 0,
    discount: 0,
    total: 1_060_000,
    currency: 'UGX',
    issued_at: '2026-11-22T11:05:00.000Z',
    paid_at: null,
    pdf_url: '/api/v1/orders/invoices/42/pdf/',
    ...overrides,
  };
}
