import { z } from 'zod';
import { NEWSLETTER_STATUSES } from './newsletter';
import { pagedListSchema, pageQuerySchema } from './pagination';
import { CONTROL_CHARACTERS, unsafeTextMessages } from './text';

/**
 * The newsletter's back office (staff): the subscriber list and campaigns.
 *
 * - `GET /admin/newsletter/subscribers/?status=&q=`: every address, newest first, paged; `q`
 *   finds addresses containing the text. The CSV of confirmed ones is
 *   `GET /newsletter/subscriptions/export/`.
 * - `GET|POST /admin/newsletter/campaigns/`, `GET|PATCH /admin/newsletter/campaigns/{id}/`: a
 *   campaign is a subject and a few blocks (heading, paragraph, product card, button), a draft
 *   until sent.
 * - `GET …/{id}/preview/`: the e-mail as subscribers will get it (HTML and text).
 * - `POST …/{id}/test/`: sends it to the staff member's own address.
 * - `POST …/{id}/send/`: sends it to every confirmed subscriber through the job queue,
 *   throttled, once each even across restarts. A campaign being sent or sent cannot be changed
 *   or sent again (409).
 */

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_SUBJECT_MAX_LENGTH = 150;
export const CAMPAIGN_HEADING_MAX_LENGTH = 150;
export const CAMPAIGN_PARAGRAPH_MAX_LENGTH = 3_000;
export const CAMPAIGN_BUTTON_LABEL_MAX_LENGTH = 60;
export const CAMPAIGN_MAX_BLOCKS = 30;
export const CAMPAIGN_BLOCK_TYPES = ['heading', 'paragraph', 'product', 'button'] as const;
export type CampaignBlockType = (typeof CAMPAIGN_BLOCK_TYPES)[number];

export const campaignMessages = {
  subjectMissing: 'Give the campaign a subject',
  subjectTooLong: `Use at most ${CAMPAIGN_SUBJECT_MAX_LENGTH} characters for the subject`,
  headingMissing: 'Write the heading',
  headingTooLong: `Use at most ${CAMPAIGN_HEADING_MAX_LENGTH} characters for a heading`,
  paragraphMissing: 'Write the paragraph',
  paragraphTooLong: `Use at most ${CAMPAIGN_PARAGRAPH_MAX_LENGTH} characters for a paragraph`,
  labelMissing: 'Give the button a label',
  labelTooLong: `Use at most ${CAMPAIGN_BUTTON_LABEL_MAX_LENGTH} characters for a button label`,
  url: 'Enter a web address starting with https:// or http://',
  product: 'Pick a product from the catalog',
  unknownProduct: 'This product does not exist or is no longer sold',
  blocksMissing: 'Add at least one block to the campaign',
  tooManyBlocks: `Use at most ${CAMPAIGN_MAX_BLOCKS} blocks`,
  blockType: `Each block is one of ${CAMPAIGN_BLOCK_TYPES.join(', ')}`,
  notDraft: 'This campaign has been sent (or is being sent): it cannot be changed or sent again.',
  controlCharacters: unsafeTextMessages.controlCharacters,
} as const;

const text = (missing: string, max: number, tooLong: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: tooLong })
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      error: campaignMessages.controlCharacters,
    });

const webUrl = z
  .string({ error: campaignMessages.url })
  .trim()
  .max(2_000, { error: campaignMessages.url })
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d+)?([/?#][^\s]*)?$/i, { error: campaignMessages.url });

export const campaignBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('heading'),
      text: text(
        campaignMessages.headingMissing,
        CAMPAIGN_HEADING_MAX_LENGTH,
        campaignMessages.headingTooLong,
      ),
    }),
    z.object({
      type: z.literal('paragraph'),
      text: z
        .string({ error: campaignMessages.paragraphMissing })
        .trim()
        .min(1, { error: campaignMessages.paragraphMissing })
        .max(CAMPAIGN_PARAGRAPH_MAX_LENGTH, { error: campaignMessages.paragraphTooLong })
        .refine((value) => !CONTROL_CHARACTERS.test(value), {
          error: campaignMessages.controlCharacters,
        }),
    }),
    z.object({
      type: z.literal('product'),
      product_id: z
        .number({ error: campaignMessages.product })
        .int({ error: campaignMessages.product })
        .positive({ error: campaignMessages.product })
        .max(2_147_483_647, { error: campaignMessages.product }),
    }),
    z.object({
      type: z.literal('button'),
      label: text(
        campaignMessages.labelMissing,
        CAMPAIGN_BUTTON_LABEL_MAX_LENGTH,
        campaignMessages.labelTooLong,
      ),
      url: webUrl,
    }),
  ],
  { error: campaignMessages.blockType },
);
export type CampaignBlock = z.infer<typeof campaignBlockSchema>;
export type CampaignBlockInput = z.input<typeof campaignBlockSchema>;

/** `POST /admin/newsletter/campaigns/` and `PATCH …/{id}/` (the whole draft each time). */
export const campaignRequestSchema = z.object({
  subject: text(
    campaignMessages.subjectMissing,
    CAMPAIGN_SUBJECT_MAX_LENGTH,
    campaignMessages.subjectTooLong,
  ).describe(`1 to ${CAMPAIGN_SUBJECT_MAX_LENGTH} characters`),
  blocks: z
    .array(campaignBlockSchema, { error: campaignMessages.blocksMissing })
    .min(1, { error: campaignMessages.blocksMissing })
    .max(CAMPAIGN_MAX_BLOCKS, { error: campaignMessages.tooManyBlocks })
    .describe('heading {text}, paragraph {text}, product {product_id}, button {label, url}'),
});
export type CampaignRequest = z.input<typeof campaignRequestSchema>;

export const campaignParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Campaign must be a whole number' })
    .int({ error: 'Campaign must be a whole number' })
    .positive({ error: 'Campaign must be a positive id' })
    .max(2_147_483_647, { error: 'Campaign is not a known id' }),
});

export const campaignCountsSchema = z.object({
  recipients: z.number().int().min(0).describe('Confirmed subscribers when the send started'),
  pending: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  skipped: z.number().int().min(0).describe('Unsubscribed between the start and their turn'),
});

export const campaignSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  blocks: z.array(campaignBlockSchema),
  status: z.enum(CAMPAIGN_STATUSES),
  created_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601'),
  send_started_at: z.string().nullable(),
  sent_at: z.string().nullable().describe('When the last recipient was done'),
  counts: campaignCountsSchema,
  products: z
    .array(z.object({ id: z.number().int(), name: z.string(), listed: z.boolean() }))
    .describe(
      'The products of its cards: name, and whether it is still sold (a card of one that is not is left out)',
    ),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListQuerySchema = pageQuerySchema;
export const campaignListSchema = pagedListSchema(campaignSchema);
export type CampaignList = z.infer<typeof campaignListSchema>;

export const campaignPreviewSchema = z.object({
  subject: z.string(),
  html: z.string().describe('The e-mail HTML (show it in a sandboxed frame)'),
  text: z.string(),
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const campaignTestResponseSchema = z.object({
  sent_to: z.string().describe("The staff member's own address"),
});
export type CampaignTestResponse = z.infer<typeof campaignTestResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Subscribers
// ---------------------------------------------------------------------------------------------

export const SUBSCRIBER_FILTERS = ['all', ...NEWSLETTER_STATUSES] as const;

export const subscriberListQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(SUBSCRIBER_FILTERS, { error: `must be one of ${SUBSCRIBER_FILTERS.join(', ')}` })
    .default('all'),
  q: z
    .string()
    .trim()
    .max(254, { error: 'Use at most 254 characters' })
    .optional()
    .describe('Part of the address (any letter case)'),
});
export type SubscriberListQuery = z.infer<typeof subscriberListQuerySchema>;
export type SubscriberListQueryInput = z.input<typeof subscriberListQuerySchema>;

export const subscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(NEWSLETTER_STATUSES),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
export const subscriberListSchema = pagedListSchema(subscriberSchema);
export type SubscriberList = z.infer<typeof subscriberListSchema>;
