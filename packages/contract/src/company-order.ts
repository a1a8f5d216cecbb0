import { z } from 'zod';

/**
 * Checkout's `company` (issue 39): the order is placed in a company's name by one of its buyers,
 * with the company's LPO number. Kept apart from companies.ts so the checkout's contract does
 * not import the company screens' (which import the order statuses).
 */

export const LPO_NUMBER_MAX = 40;

export const companyOrderMessages = {
  notBuyer: 'You do not order for this company',
  notApproved: 'This company account is not approved yet',
  withVatInvoice: 'A company order’s invoice is made out to the company: leave the VAT invoice out',
  lpoNumber: `Use at most ${LPO_NUMBER_MAX} letters, digits, spaces, / or -`,
};

/** Checkout's `company`: the order is placed in the company's name. */
export const companyOrderRequestSchema = z.object({
  company_id: z.uuid({ error: 'Choose the company' }),
  lpo_number: z
    .string({ error: companyOrderMessages.lpoNumber })
    .trim()
    .max(LPO_NUMBER_MAX, { error: companyOrderMessages.lpoNumber })
    .regex(/^[A-Za-z0-9 /-]*$/, { error: companyOrderMessages.lpoNumber })
    .nullish()
    .describe('The company’s local purchase order number, printed on the invoice'),
});
export type CompanyOrderRequest = z.input<typeof companyOrderRequestSchema>;
