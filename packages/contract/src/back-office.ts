import { z } from 'zod';
import type { UserRole } from './identity';

/**
 * Who may use each section of the back office: the one list the staff desk's cards, the web's
 * page guards and the API's route guards read.
 * - `staff`: staff and admins;
 * - `admin`: admins only;
 * - `refunds`: admins, and staff when the shop lets them refund (REFUNDS_BY_STAFF).
 */
export const BACK_OFFICE_SECTIONS = {
  dashboard: 'staff',
  orders: 'staff',
  products: 'staff',
  events: 'staff',
  delivery_zones: 'staff',
  outbox: 'staff',
  categories: 'staff',
  catalog_import: 'staff',
  stock: 'staff',
  refunds: 'refunds',
  discounts: 'staff',
  companies: 'staff',
  audit: 'staff',
  settings: 'admin',
  reviews: 'staff',
  newsletter: 'staff',
  customers: 'staff',
  staff_accounts: 'admin',
  efris: 'staff',
  /** The processors list (staff); the retention periods and the breach log are `privacy_records`. */
  privacy: 'staff',
  privacy_records: 'admin',
} as const satisfies Record<string, 'staff' | 'admin' | 'refunds'>;

export type BackOfficeSection = keyof typeof BACK_OFFICE_SECTIONS;

export const backOfficeSectionNames = Object.keys(BACK_OFFICE_SECTIONS) as BackOfficeSection[];

/** The shop's settings that widen a section to staff. */
export type BackOfficePolicy = { refundsByStaff: boolean };

/** True when someone of this role may use the section (customers use none). */
export function mayUseSection(role: UserRole, section: BackOfficeSection, policy: BackOfficePolicy): boolean {
  if (role === 'admin') return true;
  if (role !== 'staff') return false;
  const who = BACK_OFFICE_SECTIONS[section];
  return who === 'staff' || (who === 'refunds' && policy.refundsByStaff);
}

/** The sections someone of this role may use, in the list's order. */
export function sectionsOf(role: UserRole, policy: BackOfficePolicy): BackOfficeSection[] {
  return backOfficeSectionNames.filter((section) => mayUseSection(role, section, policy));
}

/** `GET /admin/access/`: the back-office sections the signed-in member of staff may use. */
export const backOfficeAccessSchema = z.object({
  sections: z.array(z.enum(backOfficeSectionNames as [BackOfficeSection, ...BackOfficeSection[]])),
});
export type BackOfficeAccess = z.infer<typeof backOfficeAccessSchema>;

/**
 * `GET /admin/work/`: the work waiting now, counted for the back office's navigation. A count is
 * null when the caller may not use its section (refunds for staff the shop does not let refund).
 */
export const backOfficeWorkSchema = z.object({
  /** Orders confirmed or being prepared (as the dashboard's "orders to prepare"). */
  orders_to_pack: z.number().int().min(0),
  /** Payments still owed back (as the dashboard's "refunds due"). */
  refunds_due: z.number().int().min(0).nullable(),
  /** E-mails kept in the outbox, not sent. */
  outbox_unsent: z.number().int().min(0),
});
export type BackOfficeWork = z.infer<typeof backOfficeWorkSchema>;

/** The hits of each kind the back office's search answers. */
export const BACK_OFFICE_SEARCH_HITS = 5;

/** `GET /admin/search/?q=`: one box for a product (name or SKU), an order (number), a customer. */
export const backOfficeSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type a name, a SKU, an order number, an e-mail or a phone number.')
    .max(100, 'At most 100 characters.'),
});

export const backOfficeSearchSchema = z.object({
  /** Products whose name holds the text, or with a size whose SKU starts with it (that SKU). */
  products: z.array(z.object({ id: z.number().int(), name: z.string(), sku: z.string().nullable() })),
  orders: z.array(z.object({ id: z.string(), order_number: z.string(), contact_name: z.string() })),
  /** As the customers' list finds them: name, e-mail or phone. */
  customers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type BackOfficeSearch = z.infer<typeof backOfficeSearchSchema>;
