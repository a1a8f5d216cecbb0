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
  'company',
  'user',
  'settings',
  'review',
  'campaign',
  'event',
  'delivery_zone',
  'privacy',
] as const;
export const auditSubjectTypeSchema = z.enum(AUDIT_SUBJECT_TYPES, {
  error: `must be one of ${AUDIT_SUBJECT_TYPES.join(', ')}`,
});
export type AuditSubjectType = z.infer<typeof auditSubjectTypeSchema>;

/** Every kind of entry the shop writes (`<subject>.<verb>`), with what staff read for it. */
export const AUDIT_KIND_LABELS = {
  'product.create': 'Product created',
  'product.update': 'Product edited',
  'product.archive': 'Product archived',
  'product.delete': 'Product deleted',
  'variant.create': 'Size added',
  'variant.update': 'Size edited',
  'variant.retire': 'Size retired',
  'variant.reorder': 'Sizes reordered',
  'category.create': 'Category created',
  'category.update': 'Category edited',
  'category.hide': 'Category hidden',
  'category.show': 'Category shown',
  'category.remove': 'Category removed',
  'category.reorder': 'Categories reordered',
  'stock.adjust': 'Stock movement',
  'product.hamper': 'Hamper parts changed',
  'image.upload': 'Photo added',
  'image.update': 'Photo edited',
  'image.reorder': 'Photos reordered',
  'image.remove': 'Photo removed',
  'catalog_import.preview': 'Catalog import previewed',
  'catalog_import.apply': 'Catalog import applied',
  'order.status': 'Order status changed',
  'order.rider': 'Rider assigned',
  'order.handover_verified': 'Customer verified by phone',
  'order.bottles_back': 'Returned bottles back in stock',
  'user.rider_cash_handin': 'Rider’s cash counted in',
  'refund.request': 'Refund asked for',
  'refund.succeed': 'Refund made',
  'refund.fail': 'Refund failed',
  'discount_code.create': 'Discount code created',
  'discount_code.update': 'Discount code edited',
  'discount_code.pause': 'Discount code paused',
  'discount_code.resume': 'Discount code resumed',
  'discount_code.end': 'Discount code ended',
  'company.approve': 'Company account approved',
  'company.reject': 'Company account rejected',
  'company.buyer_add': 'Buyer added to a company',
  'company.buyer_remove': 'Buyer removed from a company',
  'company.account_terms': 'Company’s paying on account changed',
  'company.payment_record': 'Payment from a company recorded',
  'user.create': 'Account created',
  'user.invite': 'Staff invited',
  'user.role_change': 'Role changed',
  'user.staff_removed': 'Removed from staff',
  'user.disable': 'Account disabled',
  'user.enable': 'Account enabled',
  'user.erasure_request': 'Account erasure asked for',
  'user.erasure_cancel': 'Account erasure cancelled',
  'user.erase': 'Account erased',
  'privacy.retention': 'Retention periods changed',
  'privacy.breach_record': 'Data breach recorded',
  'privacy.breach_update': 'Data breach updated',
  'settings.update': 'Shop settings changed',
  'settings.efris_update': 'EFRIS settings changed',
  'settings.efris_key': 'EFRIS private key replaced',
  'order.efris_retry': 'EFRIS fiscalisation retried',
  'order.efris_credit_note_retry': 'EFRIS credit note sent again',
  'settings.efris_goods_mapping': 'EFRIS goods mapping changed',
  'variant.efris_retry': 'EFRIS goods registration or stock report retried',
  'review.hide': 'Review hidden',
  'review.unhide': 'Review shown again',
  'campaign.create': 'Newsletter campaign created',
  'campaign.update': 'Newsletter campaign edited',
  'campaign.send': 'Newsletter campaign sent',
  'event.create': 'Event created',
  'event.update': 'Event edited',
  'event.publish': 'Event published',
  'event.cancel': 'Event cancelled',
  'event.complete': 'Event completed',
  'event.efris_retry': 'EFRIS fiscalisation of a ticket invoice retried',
  'event.efris_credit_note_retry': 'EFRIS credit note of a ticket sent again',
  'delivery_zone.create': 'Delivery zone created',
  'delivery_zone.update': 'Delivery zone edited',
} as const satisfies Record<`${AuditSubjectType}.${string}`, string>;
export type AuditKind = keyof typeof AUDIT_KIND_LABELS;

/** The label of an entry's kind; a kind written before it had one shows as it is stored. */
export function auditKindLabel(kind: string): string {
  return (AUDIT_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

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
  subject_name: z
    .string()
    .nullable()
    .describe('What the subject is called now (a product and size, an order number…); null when gone'),
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
