import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { renderCreditNotePdf } from './credit-note-pdf';
import type { CreditNoteRow } from './refunds.repository';

function note(overrides: Partial<CreditNoteRow> = {}): CreditNoteRow {
  return {
    id: '5e0c3f7a-1b2c-4d3e-8f4a-5b6c7d8e9f00',
    number: 'CN-000003',
    amount: 118_000,
    issued_at: new Date('2026-11-24T08:00:00Z'),
    refund_id: '6f1d4a8b-2c3d-4e5f-9a0b-1c2d3e4f5a6b',
    reason: 'One bottle arrived broken',
    purpose: 'order',
    subject_id: '7d1c2b9e-3f4a-4c5d-8e6f-0a1b2c3d4e5f',
    subject_label: 'Order ORD-20261122-7KQ2M',
    transaction_reference: 'KCP-20261122-7KQ2MX9A4B',
    provider: 'sandbox',
    phone_masked: '+256 77* *** 456',
    user_id: '0f0e0d0c-0b0a-4909-8807-060504030201',
    customer_name: 'Namara Kisakye',
    customer_email: 'namara@example.ug',
    invoice_number: 'INV-000007',
    invoice_shop_tin: null,
    vat_business_name: null,
    vat_business_tin: null,
    efris_state: null,
    efris_reference_no: null,
    efris_fiscal_number: null,
    ...overrides,
  };
}

describe('the credit note PDF', () => {
  it('against a plain invoice names no VAT', async () => {
    const text = pdfText(await renderCreditNotePdf(note()));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('INV-000007');
    expect(text).toContain('Shs 118,000');
    expect(text).not.toMatch(/\bVAT\b|\bTIN\b/);
  });

  it('against a tax invoice carries both TINs and the VAT in the amount returned', async () => {
    const text = pdfText(
      await renderCreditNotePdf(
        note({
          invoice_shop_tin: '1000123456',
          vat_business_name: 'Acacia Lodge Ltd',
          vat_business_tin: '1000987654',
        }),
      ),
    );
    expect(text).toContain('TIN 1000123456 · VAT registered');
    expect(text).toContain('Acacia Lodge Ltd');
    expect(text).toContain('TIN 1000987654');
    // 118,000 returned = 100,000 net + 18,000 VAT.
    expect(text).toMatch(/of which net of VAT\nShs 100,000/);
    expect(text).toMatch(/of which VAT at 18%\nShs 18,000/);
  });
});

describe('the credit note of a fiscalised invoice', () => {
  it("carries URA's credit note number once approved, the application's reference while it waits", async () => {
    const approved = pdfText(
      await renderCreditNotePdf(
        note({
          efris_state: 'approved',
          efris_reference_no: 'CR300000002',
          efris_fiscal_number: '32100000003',
        }),
      ),
    );
    expect(approved).toContain('EFRIS credit note no.');
    expect(approved).toContain('32100000003');
    const waiting = pdfText(
      await renderCreditNotePdf(note({ efris_state: 'applied', efris_reference_no: 'CR300000002' })),
    );
    expect(waiting).toContain('CR300000002 (awaiting URA)');
    expect(waiting).not.toContain('EFRIS credit note no.');
    expect(pdfText(await renderCreditNotePdf(note()))).not.toContain('EFRIS');
  });
});
