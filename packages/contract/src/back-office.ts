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
  audit: 'staff',
  settings: 'admin',
  reviews: 'staff',
  newsletter: 'staff',
  customers: 'staff',
  staff_accounts: 'admin',
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
