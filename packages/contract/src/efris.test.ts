import { describe, expect, it } from 'vitest';
import { describeCreditNoteFiscal } from './efris';

describe('describeCreditNoteFiscal', () => {
  it('says URA’s credit note number once approved, the application while it waits, URA’s message when refused', () => {
    const base = { ura_reference_no: 'CR300000004', fiscal_document_number: null, last_error: null };
    expect(
      describeCreditNoteFiscal({ ...base, state: 'approved', fiscal_document_number: '32100000005' }),
    ).toBe('EFRIS: Approved, credit note no. 32100000005');
    expect(describeCreditNoteFiscal({ ...base, state: 'applied' })).toBe(
      'EFRIS: Awaiting URA’s approval (application CR300000004)',
    );
    expect(
      describeCreditNoteFiscal({
        ...base,
        state: 'rejected',
        last_error: 'URA rejected the credit note: The goods were not returned',
      }),
    ).toBe('EFRIS: Rejected by URA: URA rejected the credit note: The goods were not returned');
    expect(describeCreditNoteFiscal({ ...base, state: 'pending', ura_reference_no: null })).toBe(
      'EFRIS: To apply for',
    );
  });
});
