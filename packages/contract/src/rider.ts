import { z } from 'zod';
import { positionSchema } from './location';
import { kampalaDaySchema } from './staff-orders';

/**
 * The handover at the door (issue 38, decision 0026). A rider (role `rider`) signs in like staff
 * and uses only `/api/v1/rider/…`: their run (the orders assigned to them) and their actions.
 * Every action carries an id made on the phone (`action_id`): an action queued offline and sent
 * twice is done once, and the replay answers what the first answered.
 *
 * Staff: assign an order to a rider account, verify a customer by phone, confirm returned bottles
 * back, count a rider's cash in, and the cash report per rider and day.
 */

const isoTime = z.string().describe('ISO 8601');
const money = (what: string) => z.number().int().describe(`${what}, in whole UGX`);

export const HANDOVER_CODE_LENGTH = 6;
/** Wrong codes allowed before the code is locked and staff must verify the customer by phone. */
export const HANDOVER_MAX_ATTEMPTS = 5;

export const riderMessages = {
  notYours: 'This order is not on your run',
  notReady: 'This order is not ready to go out',
  notOut: 'This order is not out for delivery',
  codeRequired: 'Enter the customer’s handover code',
  codeWrong: 'That code is not right',
  codeLocked: 'Too many wrong codes: call the shop so staff can verify the customer',
  ageCheckRequired: 'Record the age check',
  idDetailsRequired: 'Enter the ID type and the year of birth on it',
  underAge: (minimumAge: number) =>
    `The ID does not show the customer is ${minimumAge} or older: refuse the order as under age`,
  cashRequired: 'Enter the cash the customer handed you',
  cashShort: (due: string) => `The customer must pay ${due}`,
  actionReused: 'This action id was used for another action',
  handinNotYours: 'This cash count is not yours',
  proofEmpty: 'Take a photo or share your position',
  proofNotDelivered: 'Proof is for an order you handed over',
  proofTaken: 'This order’s proof of delivery is already recorded',
  photoNotBase64: 'must be the photo’s bytes in base64',
  photoTooLarge: 'is too large: take it again at a smaller size',
  photoNotPicture: 'is not a photo (JPEG, PNG or WebP)',
  notAnAssignableRider: 'Choose a rider account',
  noReturn: 'No returned bottles are waiting for this order',
  reasonRequired: 'Give the reason',
} as const;

export const REFUSAL_REASONS = [
  'under_age',
  'no_id',
  'intoxicated',
  'nobody_home',
  'customer_refused',
] as const;
export const refusalReasonSchema = z.enum(REFUSAL_REASONS, {
  error: 'Choose why the order was not handed over',
});
export type RefusalReason = z.infer<typeof refusalReasonSchema>;
export const refusalReasonLabels: Record<RefusalReason, string> = {
  under_age: 'Under age',
  no_id: 'No ID',
  intoxicated: 'Intoxicated',
  nobody_home: 'Nobody home',
  customer_refused: 'Customer refused',
};

/**
 * What becomes of the order: nobody home is tried again; every other refusal brings the bottles
 * back to the shop and the order is cancelled (its bottles return to stock when staff confirm).
 */
export type DoorOutcome = 'returned_to_shop' | 'failed_retry';
export const refusalOutcome = (reason: RefusalReason): DoorOutcome =>
  reason === 'nobody_home' ? 'failed_retry' : 'returned_to_shop';
/** Refusals that are the customer's doing: the shop's `refused_order_fee` may be kept for them. */
export const CUSTOMER_REFUSAL_REASONS: readonly RefusalReason[] = [
  'under_age',
  'no_id',
  'intoxicated',
  'customer_refused',
];
/**
 * Why the shop kept part of a refused order's refund (the `refused_order_fee` setting), in the
 * words both the refund screen and the customer's order page use.
 */
export const keptFeeReason = (reason: RefusalReason): string =>
  `The delivery fee is kept: the order was refused at the door (${refusalReasonLabels[reason]})`;

export const doorOutcomeLabels: Record<DoorOutcome, string> = {
  returned_to_shop: 'Returned to shop',
  failed_retry: 'Delivery failed, will retry',
};

export const ID_TYPES = ['national_id', 'passport', 'driving_permit', 'other'] as const;
export const idTypeSchema = z.enum(ID_TYPES, { error: riderMessages.idDetailsRequired });
export type IdType = z.infer<typeof idTypeSchema>;
export const idTypeLabels: Record<IdType, string> = {
  national_id: 'National ID',
  passport: 'Passport',
  driving_permit: 'Driving permit',
  other: 'Other ID',
};

/**
 * With only the year of birth, someone is surely of age when they turn `minimumAge + 1` this
 * year or earlier; in the year they turn `minimumAge` their birthday may not have come yet.
 */
export function surelyOfAge(birthYear: number, minimumAge: number, currentYear: number): boolean {
  return currentYear - birthYear > minimumAge;
}

/** Change due for cash handed over (never negative). */
export const changeDue = (tendered: number, due: number) => Math.max(0, tendered - due);

export const riderStopSchema = z.object({
  order_id: z.string(),
  order_number: z.string(),
  status: z.string().describe('The order’s status'),
  customer_name: z.string(),
  phone: z.string().describe('E.164'),
  zone: z.string().nullable(),
  street: z.string().nullable(),
  landmark: z.string().nullable(),
  pin: z
    .object({
      plus_code: z.string().describe('The customer’s plus code, as they gave it'),
      map_url: z.string().describe('Opens the pin in the phone’s maps app'),
    })
    .nullable()
    .describe('The customer’s pin, when they dropped one (checkout or the tracking page)'),
  access_instructions: z.string().nullable(),
  delivery_window: z.string().nullable().describe('The customer’s preferred time'),
  expected_at: isoTime.nullable(),
  collect: z.object({
    cash: z.boolean().describe('True: collect cash on delivery'),
    amount: money('To collect (0 when paid)'),
  }),
  bottles: z.number().int(),
  cases: z.number().int().describe('Lines sold by the case'),
  handover: z.object({
    attempts_left: z.number().int(),
    locked: z.boolean(),
    verified_by_staff: z.boolean(),
  }),
  door_outcome: z.enum(['returned_to_shop', 'failed_retry']).nullable(),
  refusal_reason: refusalReasonSchema.nullable(),
  delivered_at: isoTime.nullable(),
  proof_taken: z.boolean().describe('A proof of delivery (photo or position) is recorded'),
});
export type RiderStop = z.infer<typeof riderStopSchema>;

export const riderHandinSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  expected: money('What the rider collected and had not handed in'),
  amount: money('Counted by the cashier'),
  reason: z.string().nullable(),
  cashier_name: z.string(),
  rider_confirmed: z.boolean(),
  created_at: isoTime,
});
export type RiderHandin = z.infer<typeof riderHandinSchema>;

/** `GET /rider/run/`: today's stops in order (open first), the cash on the rider now. */
export const riderRunSchema = z.object({
  day: z.string(),
  stops: z.array(riderStopSchema),
  cash: z.object({
    collected: money('Cash collected today'),
    handed_in: money('Handed in today (confirmed by both)'),
    on_hand: money('collected − handed in'),
  }),
  handins: z.array(riderHandinSchema).describe('Today’s cash counts, newest first'),
});
export type RiderRun = z.infer<typeof riderRunSchema>;

const actionId = z.uuid({ error: 'must be a UUID made by the phone' });
const orderId = z.uuid({ error: 'must be an order id' });

/**
 * The proof photo as the phone sends it: base64 of a JPEG, PNG or WebP, at most
 * PROOF_PHOTO_MAX_BYTES (the phone scales the camera's photo down first; decision 0031).
 */
export const PROOF_PHOTO_MAX_BYTES = 2_000_000;
const proofPhotoSchema = z
  .string({ error: riderMessages.photoNotBase64 })
  .max(Math.ceil(PROOF_PHOTO_MAX_BYTES / 3) * 4, { error: riderMessages.photoTooLarge })
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: riderMessages.photoNotBase64 });

export const riderActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('out_for_delivery'), action_id: actionId, order_id: orderId }),
    z.object({
      kind: z.literal('handover'),
      action_id: actionId,
      order_id: orderId,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, { error: 'must be the 6 digits the customer has' })
        .nullish()
        .transform((value) => value ?? null),
      age_check: z.enum(['clearly_of_age', 'id'], { error: riderMessages.ageCheckRequired }),
      id_type: idTypeSchema.nullish().transform((value) => value ?? null),
      id_birth_year: z
        .number({ error: 'must be a year' })
        .int({ error: 'must be a year' })
        .min(1900, { error: 'must be a year' })
        .max(2100, { error: 'must be a year' })
        .nullish()
        .transform((value) => value ?? null),
      cash_tendered: z
        .number({ error: riderMessages.cashRequired })
        .int({ error: 'Enter whole shillings' })
        .min(0, { error: 'Enter whole shillings' })
        .max(100_000_000, { error: 'That is more than any order' })
        .nullish()
        .transform((value) => value ?? null),
    }),
    z.object({
      kind: z.literal('refuse'),
      action_id: actionId,
      order_id: orderId,
      reason: refusalReasonSchema,
    }),
    z.object({
      kind: z.literal('proof'),
      action_id: actionId,
      order_id: orderId,
      photo: proofPhotoSchema.nullish().transform((value) => value ?? null),
      position: positionSchema.nullish().transform((value) => value ?? null),
    }),
    z.object({
      kind: z.literal('confirm_handin'),
      action_id: actionId,
      handin_id: z.number().int().positive(),
    }),
  ],
  { error: 'kind must be out_for_delivery, handover, refuse, proof or confirm_handin' },
);
export type RiderAction = z.input<typeof riderActionSchema>;

export const riderActionResultSchema = z.object({
  action_id: z.string(),
  replayed: z.boolean().describe('True when this action id was done before: nothing changed now'),
  message: z.string(),
  change_due: money('Change to give back (cash handovers)').nullable(),
});
export type RiderActionResult = z.infer<typeof riderActionResultSchema>;

// ------------------------------------------------------------------------------------------
// Staff
// ------------------------------------------------------------------------------------------

export const riderAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
});
export const riderAccountListSchema = z.object({ results: z.array(riderAccountSchema) });
export type RiderAccount = z.infer<typeof riderAccountSchema>;

/** `POST /orders/admin/orders/{id}/rider-account/`: the shop's own rider (outside couriers: `…/rider/`). */
export const assignRiderAccountRequestSchema = z.object({
  rider_id: z.uuid({ error: riderMessages.notAnAssignableRider }),
});

const reason = z
  .string({ error: riderMessages.reasonRequired })
  .trim()
  .min(3, { error: riderMessages.reasonRequired })
  .max(300, { error: 'Use at most 300 characters' });

/** `POST /orders/admin/orders/{id}/verify-by-phone/`: the customer has no code; staff called them. */
export const verifyByPhoneRequestSchema = z.object({ reason });

export const handinRequestSchema = z.object({
  amount: z
    .number({ error: 'Enter the cash counted in whole shillings' })
    .int({ error: 'Enter the cash counted in whole shillings' })
    .min(0, { error: 'Enter the cash counted in whole shillings' })
    .max(1_000_000_000, { error: 'That is more than a day’s cash' }),
  reason: reason.nullish().transform((value) => value ?? null),
});
export const riderParamsSchema = z.object({ id: z.uuid({ error: 'must be a rider id' }) });

export const riderCashQuerySchema = z
  .object({
    date_from: kampalaDaySchema.optional(),
    date_to: kampalaDaySchema.optional(),
  })
  .superRefine((query, context) => {
    if (query.date_from && query.date_to && query.date_from > query.date_to) {
      context.addIssue({ code: 'custom', path: ['date_to'], message: 'must be on or after date_from' });
    }
  });

export const riderCashRowSchema = z.object({
  day: z.string(),
  rider_id: z.string(),
  rider_name: z.string(),
  expected: money('Totals of the cash orders handed over'),
  collected: money('Cash recorded at the door'),
  handed_in: money('Counted by a cashier and confirmed by the rider'),
  difference: money('handed in − collected (negative: short)'),
});
export type RiderCashRow = z.infer<typeof riderCashRowSchema>;
export const riderCashReportSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  rows: z.array(riderCashRowSchema),
  totals: z.object({
    expected: z.number().int(),
    collected: z.number().int(),
    handed_in: z.number().int(),
    difference: z.number().int(),
  }),
});
export type RiderCashReport = z.infer<typeof riderCashReportSchema>;

/** `GET /orders/delivery-tracking/{order_number}/handover-code/` (the order's customer). */
export const handoverCodeSchema = z.object({
  code: z.string().nullable().describe('Shown while the order is out for delivery'),
  door_outcome: z.enum(['returned_to_shop', 'failed_retry']).nullable(),
  refusal_reason: refusalReasonSchema.nullable(),
});
export type HandoverCode = z.infer<typeof handoverCodeSchema>;
