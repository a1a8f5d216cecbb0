import { z } from 'zod';
import { pagedListSchema, pageQuerySchema } from './pagination';

/**
 * The back office's audit trail: every staff and admin action (catalog, stock, orders, refunds,
 * codes, roles, settings, reviews, campaigns) with who, when, what, before → after. Append-only.
 * Read by staff at `GET /admin/audit/` — for one subject (a product's history on its page) or
 * filtered by person, kind and date (the audit page).
 */

export const AUDIT_SUBJECT_TYPES = [
  'product',
  'variant',
  'category',
  'stock',
  'image',
  'catalog_import',
  'order',
  'refund',
  'discount_code',
  'user',
  'settings',
  'review',
  'campaign',
  'event',
  'delivery_zone',
] as const;
export const auditSubjectTypeSchema = z.enum(AUDIT_SUBJECT_TYPES, {
  error: `must be one of ${AUDIT_SUBJECT_TYPES.join(', ')}`,
});
export type AuditSubjectType = z.infer<typeof auditSubjectTypeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  occurred_at: z.string().describe('ISO 8601'),
  actor: z.object({
    id: z
      .string()
      .nullable()
      .describe('Null for changes made by the shop itself (jobs, imports from the command line)'),
    name: z.string(),
    role: z.string(),
  }),
  kind: z.string().describe('What was done, `<subject>.<verb>`: `product.update`, `stock.adjust`, …'),
  subject_type: z.string(),
  subject_id: z.string(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const optionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' })
  .optional();

export const auditListQuerySchema = pageQuerySchema.extend({
  subject_type: auditSubjectTypeSchema.optional(),
  subject_id: z.string().trim().min(1, { error: 'must not be empty' }).max(100).optional(),
  actor_id: z.uuid({ error: 'must be an account id' }).optional(),
  kind: z
    .string()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, { error: 'must be a kind like product or product.update' })
    .optional()
    .describe('A kind (`product.update`) or every kind of a subject (`product`)'),
  from: optionalDate.describe('First day, Kampala time (YYYY-MM-DD)'),
  to: optionalDate.describe('Last day, Kampala time (YYYY-MM-DD), included'),
});
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditListSchema = pagedListSchema(auditEntrySchema);
export type AuditList = z.infer<typeof auditListSchema>;
