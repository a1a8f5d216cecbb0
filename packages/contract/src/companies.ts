import { z } from 'zod';
import { emailSchema } from './identity';
import { ORDER_STATUSES } from './orders';
import { pagedListSchema, pageQuerySchema } from './pagination';
import { ugandanPhoneSchema } from './profile';
import { ugandaTinSchema } from './vat';

/**
 * Company accounts (issue 39): a company (its name and TIN for the tax invoice, its billing
 * contact) and the people who order on its behalf. A customer asks for an account; staff
 * approve it; from then on its buyers may place orders in its name, with their LPO number, and
 * the tax invoice is made out to the company.
 */

/** pending: asked for, not yet usable; approved: its buyers may order for it; rejected: refused by staff. */
export const COMPANY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const companyStatusSchema = z.enum(COMPANY_STATUSES);
export type CompanyStatus = z.infer<typeof companyStatusSchema>;
export const companyStatusLabels: Record<CompanyStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Not approved',
};

/** People who may order for one company: a company's buying office, not its staff list. */
export const MAX_COMPANY_BUYERS = 100;

export const companyMessages = {
  tinTaken: 'already has a company account',
  noSuchPerson: 'No customer account has this e-mail address',
  alreadyBuyer: 'already orders for this company',
};

const requiredText = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required` })
    .max(max, { error: `Use at most ${max} characters` });

/** `POST /companies/`: a customer asks for a company account; they become its first buyer. */
export const companyApplicationSchema = z.object({
  name: requiredText('The company’s name', 120).describe('As on the tax invoice'),
  tin: ugandaTinSchema,
  billing_address: requiredText('The billing address', 300),
  billing_contact_name: requiredText('The billing contact’s name', 120),
  billing_contact_phone: ugandanPhoneSchema,
  billing_email: emailSchema.describe('Where the company’s invoices go'),
});
export type CompanyApplication = z.input<typeof companyApplicationSchema>;

export const companyParamsSchema = z.object({ id: z.uuid({ error: 'Company id must be a UUID' }) });
export const companyBuyerParamsSchema = companyParamsSchema.extend({
  user_id: z.uuid({ error: 'User id must be a UUID' }),
});

/** A company as its own buyers see it. */
export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  tin: z.string(),
  billing_address: z.string(),
  billing_contact_name: z.string(),
  billing_contact_phone: z.string(),
  billing_email: z.string(),
  status: companyStatusSchema,
  created_at: z.iso.datetime({ offset: true }),
  on_account: z
    .boolean()
    .describe('Staff allow it to pay on account (decision 0042): checkout offers "On account"'),
});
export type Company = z.infer<typeof companySchema>;
export const companyListSchema = pagedListSchema(companySchema);

/** An order as the company's buyers (and staff) see it in the company's list. */
export const companyOrderSchema = z.object({
  id: z.uuid(),
  order_number: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
  paid: z.boolean(),
  lpo_number: z.string().nullable(),
  buyer_name: z.string().describe('The contact name of the buyer who placed it'),
  placed_at: z.iso.datetime({ offset: true }),
});
export type CompanyOrder = z.infer<typeof companyOrderSchema>;
export const companyOrderListSchema = pagedListSchema(companyOrderSchema);
export type CompanyOrderList = z.infer<typeof companyOrderListSchema>;
export const companyOrdersQuerySchema = pageQuerySchema;

/** A company as staff see it: what it owes and who orders for it. */
export const staffCompanySchema = companySchema.extend({
  owed: z
    .number()
    .int()
    .describe('Totals of its orders placed and not paid (cancelled and refunded orders owe nothing), UGX'),
  buyer_count: z.number().int(),
  decided_at: z.iso.datetime({ offset: true }).nullable(),
});
export type StaffCompany = z.infer<typeof staffCompanySchema>;
export const staffCompanyListSchema = pagedListSchema(staffCompanySchema);
export type StaffCompanyList = z.infer<typeof staffCompanyListSchema>;
/** The longest company search the staff's list takes (its box stops there). */
export const STAFF_COMPANY_SEARCH_MAX_LENGTH = 100;
export const staffCompaniesQuerySchema = pageQuerySchema.extend({
  status: companyStatusSchema.optional().describe('Only companies in this state'),
  q: z
    .string()
    .trim()
    .max(STAFF_COMPANY_SEARCH_MAX_LENGTH, {
      error: `must be at most ${STAFF_COMPANY_SEARCH_MAX_LENGTH} characters`,
    })
    .optional()
    .transform((value) => (value ? value : undefined))
    .describe('Part of the company’s name, or the start of its TIN'),
});
export type StaffCompaniesQuery = z.infer<typeof staffCompaniesQuerySchema>;

export const companyBuyerSchema = z.object({
  user_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  added_at: z.iso.datetime({ offset: true }),
});
export const staffCompanyDetailSchema = staffCompanySchema.extend({
  buyers: z.array(companyBuyerSchema).describe(`At most ${MAX_COMPANY_BUYERS} people, oldest first`),
});
export type StaffCompanyDetail = z.infer<typeof staffCompanyDetailSchema>;

/** `POST /companies/admin/companies/{id}/decision/`: staff approve or reject the account. */
export const companyDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'must be approved or rejected' }),
});

/** `POST /companies/admin/companies/{id}/buyers/`: staff add a person who may order for it. */
export const addCompanyBuyerSchema = z.object({ email: emailSchema });
