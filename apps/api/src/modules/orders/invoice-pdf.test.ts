import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { COLOURS, renderInvoicePdf } from './invoice-pdf';
import type { OrderRow } from './orders.repository';

const placedAt = new Date('2026-11-22T09:30:00Z');

function order(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: '7d1c2b9e-3f4a-4c5d-8e6f-0a1b2c3d4e5f',
    order_number: 'ORD-20261122-7KQ2M',
    user_id: '0f0e0d0c-0b0a-4909-8807-060504030201',
    status: 'confirmed',
    payment_status: 'pending',
    payment_method: 'mobile_money',
    mobile_money_network: 'AIRTEL',
    payment_phone: '+256701234567',
    fulfilment: 'pickup',
    item_count: 1,
    subtotal: 250_000,
    delivery_fee: 0,
    discount: 0,
    discount_code: null,
    vat_added: 0,
    vat_business_name: null,
    vat_business_tin: null,
    lpo_number: null,
    total: 250_000,
    contact_name: 'Namara Kisakye',
    contact_phone: '+256772123456',
    delivery_zone_id: null,
    delivery_zone_name: null,
    delivery_time_label: null,
    street: null,
    delivery_instructions: null,
    customer_note: null,
    estimated_delivery_time: null,
    payment_due_at: null,
    paid_at: null,
    cancel_reason: null,
    created_at: placedAt,
    updated_at: placedAt,
    invoice_id: 7,
    invoice_number: 'INV-000007',
    invoice_status: 'issued',
    invoice_issued_at: placedAt,
    invoice_paid_at: null,
    invoice_due_at: null,
    invoice_shop_tin: null,
    invoice_prices_include_vat: null,
    invoice_vat_total: null,
    customer_email: 'namara@example.ug',
    customer_name: 'Namara Kisakye',
    items: [
      {
        id: 1,
        product_id: 3,
        variant_id: 4,
        product_name: 'Hibiki Japanese Harmony',
        product_slug: 'hibiki-japanese-harmony',
        image: null,
        variant_name: '700 ml bottle',
        sku: 'HIB-700',
        quantity: 1,
        unit_price: 250_000,
        subtotal: 250_000,
      },
    ],
    history: [],
    ...overrides,
  };
}

describe('the invoice PDF', () => {
  it('has its colours as pdf-lib makes them (they are written without loading it)', () => {
    for (const colour of Object.values(COLOURS)) {
      expect(colour).toEqual(rgb(colour.red, colour.green, colour.blue));
    }
  });

  it('is an A4 document with the shop, the pick-up counter, the payment and the total', async () => {
    const pdf = await renderInvoicePdf(order());
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    expect(document.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(document.getTitle()).toBe('Kampala Cellars invoice INV-000007');
    const text = pdfText(pdf);
    for (const expected of [
      'AWAITING PAYMENT',
      'PICK-UP AT',
      'Plot 14, Acacia Avenue, Kololo, Kampala',
      'Mobile money (Airtel)',
      '22 November 2026',
      'Pick-up (no delivery fee)',
      'Shs 250,000',
      'Page 1 of 1',
      'Purchasers must be 21 or older. Please enjoy responsibly.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('shows the discount code and its saving between the delivery fee and the total', async () => {
    const text = pdfText(
      await renderInvoicePdf(order({ discount: 25_000, discount_code: 'CHEERS10', total: 225_000 })),
    );
    expect(text).toContain('Discount (code CHEERS10)');
    expect(text).toContain('-Shs 25,000');
    expect(text).toContain('Shs 225,000');
    expect(pdfText(await renderInvoicePdf(order()))).not.toContain('Discount');
  });

  it('draws names it has no letters for as best it can, and runs onto more pages with the header again', async () => {
    const items = Array.from({ length: 45 }, (_, index) => ({
      id: index + 1,
      product_id: index + 1,
      variant_id: index + 1,
      product_name:
        index === 0
          ? '響 Hibiki 21 — Château Léoville-Las Cases Grand Vin de Léoville du Marquis de Las Cases, Saint-Julien'
          : `Wine number ${index + 1}`,
      product_slug: `wine-${index + 1}`,
      image: null,
      variant_name: '750 ml bottle',
      sku: `SKU-${index + 1}`,
      quantity: 2,
      unit_price: 100_000,
      subtotal: 200_000,
    }));
    const pdf = await renderInvoicePdf(
      order({ items, item_count: 90, subtotal: 9_000_000, total: 9_000_000, fulfilment: 'delivery' }),
    );
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text).toContain('? Hibiki 21');
    expect(text).toContain('Château Léoville-Las');
    expect(text).toContain('Wine number 45');
    expect(text).toContain(`Page ${document.getPageCount()} of ${document.getPageCount()}`);
    expect(text.match(/^Unit price$/gm)?.length).toBe(document.getPageCount());
    expect(text).toContain('Shs 9,000,000');
  });

  it('without the shop’s TIN is a plain invoice: no VAT anywhere', async () => {
    const text = pdfText(await renderInvoicePdf(order()));
    expect(text).toContain('INVOICE');
    expect(text).not.toContain('TAX INVOICE');
    expect(text).not.toMatch(/\bVAT\b|\bTIN\b|EFRIS/);
  });

  it('of a VAT-registered shop is a tax invoice: TINs, each line’s VAT, and net + VAT = gross', async () => {
    const items = [
      { ...order().items[0]!, quantity: 3, unit_price: 185_000, subtotal: 555_000 },
      {
        ...order().items[0]!,
        id: 2,
        product_name: 'Kanonkop Pinotage',
        quantity: 1,
        unit_price: 129_000,
        subtotal: 129_000,
      },
    ];
    const pdf = await renderInvoicePdf(
      order({
        items,
        item_count: 4,
        subtotal: 684_000,
        fulfilment: 'delivery',
        delivery_zone_name: 'Kololo',
        delivery_fee: 10_000,
        discount: 34_200,
        discount_code: 'CHEERS5',
        total: 659_800,
        vat_business_name: 'Acacia Lodge Ltd',
        vat_business_tin: '1000987654',
        lpo_number: '2026/118',
        invoice_shop_tin: '1000123456',
        invoice_prices_include_vat: true,
        invoice_vat_total: 100_647,
      }),
    );
    const text = pdfText(pdf);
    for (const expected of [
      'TAX INVOICE',
      'TIN 1000123456 · VAT registered',
      'Acacia Lodge Ltd',
      'TIN 1000987654',
      'Attn. Namara Kisakye',
      'LPO 2026/118',
      'VAT 18%',
      'Amount incl. VAT',
      // 555,000 × 18 / 118 = 84,661.0…; 129,000 → 19,677.9…
      'Shs 84,661',
      'Shs 19,678',
      'VAT ANALYSIS',
      'Prices include VAT.',
      'EFRIS',
    ]) {
      expect(text).toContain(expected);
    }
    // The analysis: the lines' sums (84,661 + 19,678 + 1,525 − 5,217 = 100,647), net + VAT = gross.
    expect(text).toMatch(/Net amount \(excl\. VAT\)\nShs 559,153/);
    expect(text).toMatch(/VAT at 18%\nShs 100,647/);
    expect(text).toMatch(/Gross amount \(incl\. VAT\)\nShs 659,800/);
    expect(text).not.toContain('VAT 18% added');
  });

  it('when prices exclude VAT, shows the VAT added to the total', async () => {
    const text = pdfText(
      await renderInvoicePdf(
        order({
          vat_added: 45_000,
          total: 295_000,
          invoice_shop_tin: '1000123456',
          invoice_prices_include_vat: false,
          invoice_vat_total: 45_000,
        }),
      ),
    );
    expect(text).toContain('Amount excl. VAT');
    expect(text).toMatch(/VAT 18% added\nShs 45,000/);
    expect(text).toMatch(/Total \(UGX\)\nShs 295,000/);
    expect(text).toMatch(/Net amount \(excl\. VAT\)\nShs 250,000/);
    expect(text).toContain('Prices exclude VAT; VAT is added to the total.');
  });
});
