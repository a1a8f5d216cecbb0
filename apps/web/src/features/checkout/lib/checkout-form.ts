import type { CONTACT_PREFERENCES, DeliveryZone, PREFERRED_DELIVERY_TIMES } from '@shop/contract/delivery';
import { kampalaDayAfter } from '@shop/contract/gifts';
import {
  type CheckoutRequest,
  checkoutRequestSchema,
  type Fulfilment,
  type MobileMoneyNetwork,
  type PaymentMethod,
  type RecentAddress,
  type RecentCheckoutDetails,
} from '@shop/contract/orders';
import { normaliseUgandanPhone, type Profile, ugandanMobileNetwork } from '@shop/contract/profile';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The checkout form as typed: text fields as strings ('' = not given), choices as '' until chosen. */
export type CheckoutFormValues = {
  fulfilment: Fulfilment;
  contact_name: string;
  contact_phone: string;
  /** The zone's id, as the radio's value. */
  delivery_zone: string;
  street: string;
  landmark: string;
  /** The customer's pin as a plus code ('' = none). */
  plus_code: string;
  preferred_delivery_time: '' | (typeof PREFERRED_DELIVERY_TIMES)[number];
  contact_preference: '' | (typeof CONTACT_PREFERENCES)[number];
  leave_at_door: boolean;
  require_signature: boolean;
  access_instructions: string;
  security_code: string;
  delivery_notes: string;
  special_instructions: string;
  payment_method: '' | PaymentMethod;
  mobile_money_network: '' | MobileMoneyNetwork;
  payment_phone: string;
  customer_note: string;
  /** "I need a VAT invoice": a business's name and TIN (offered when the shop is VAT-registered). */
  vat_invoice: boolean;
  vat_business_name: string;
  vat_tin: string;
  /** "Order for": a company account's id ('' = for oneself), and its LPO number. */
  company_id: string;
  lpo_number: string;
  /** "Save to my profile": the phone and address become the profile's. */
  save_to_profile: boolean;
  /** "This is a gift" (delivery only): the recipient, the message and the day. */
  is_gift: boolean;
  gift_recipient_name: string;
  gift_recipient_phone: string;
  gift_message: string;
  gift_delivery_date: string;
};

export type CheckoutField = keyof CheckoutFormValues;

export const CHECKOUT_FIELDS = [
  'fulfilment',
  'contact_name',
  'contact_phone',
  'delivery_zone',
  'street',
  'landmark',
  'plus_code',
  'preferred_delivery_time',
  'contact_preference',
  'leave_at_door',
  'require_signature',
  'access_instructions',
  'security_code',
  'delivery_notes',
  'special_instructions',
  'payment_method',
  'mobile_money_network',
  'payment_phone',
  'customer_note',
  'vat_invoice',
  'vat_business_name',
  'vat_tin',
  'company_id',
  'lpo_number',
  'save_to_profile',
  'is_gift',
  'gift_recipient_name',
  'gift_recipient_phone',
  'gift_message',
  'gift_delivery_date',
] as const satisfies readonly CheckoutField[];

const INSTRUCTION_FIELDS: ReadonlySet<string> = new Set([
  'preferred_delivery_time',
  'contact_preference',
  'leave_at_door',
  'require_signature',
  'access_instructions',
  'security_code',
  'delivery_notes',
  'special_instructions',
  'landmark',
  'plus_code',
]);

/**
 * The form field that shows an API or schema problem at `path` ("delivery_instructions.landmark"
 * → landmark), or null when the form has no such field (the message then goes above the form).
 */
export function formFieldOf(path: string): CheckoutField | null {
  if (path === 'delivery_instructions') return 'preferred_delivery_time';
  if (path === 'vat_invoice.business_name') return 'vat_business_name';
  if (path === 'vat_invoice.tin') return 'vat_tin';
  if (path === 'gift') return 'is_gift';
  if (path === 'company' || path === 'company.company_id') return 'company_id';
  if (path === 'company.lpo_number') return 'lpo_number';
  if (path.startsWith('gift.')) {
    const field = `gift_${path.slice('gift.'.length)}`;
    return (CHECKOUT_FIELDS as readonly string[]).includes(field) ? (field as CheckoutField) : 'is_gift';
  }
  const [head, rest] = path.split(/\.(.*)/s, 2);
  if (head === 'delivery_instructions' && rest !== undefined) {
    const field = rest.split('.')[0] ?? '';
    return INSTRUCTION_FIELDS.has(field) ? (field as CheckoutField) : 'preferred_delivery_time';
  }
  return (CHECKOUT_FIELDS as readonly string[]).includes(path) ? (path as CheckoutField) : null;
}

/** The default network of a paying number: MTN or Airtel by its prefix, else none. */
export function networkOf(phone: string): '' | MobileMoneyNetwork {
  const normalised = normaliseUgandanPhone(phone);
  if (!normalised) return '';
  const network = ugandanMobileNetwork(normalised);
  return network === 'MTN' ? 'MTN' : network === 'Airtel' ? 'AIRTEL' : '';
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The zone whose name or neighbourhoods name the customer's saved area ("Kololo" or "Central
 * Kampala" → Central Kampala), if one does.
 */
export function zoneForArea(
  zones: readonly DeliveryZone[],
  area: string | null | undefined,
): DeliveryZone | null {
  const wanted = words(area ?? '').join(' ');
  if (wanted === '') return null;
  return (
    zones.find((zone) =>
      [zone.name, ...zone.areas.split(/[,;/]/)]
        .map((part) => words(part).join(' '))
        .some((part) => part !== '' && (part === wanted || part.includes(wanted) || wanted.includes(part))),
    ) ?? null
  );
}

/** The form's values for a recent address: its zone (when still offered), street and landmark. */
export function recentAddressValues(
  address: RecentAddress,
  zones: readonly DeliveryZone[],
): Pick<CheckoutFormValues, 'delivery_zone' | 'street' | 'landmark'> {
  const zone = zones.find((candidate) => candidate.id === address.delivery_zone);
  return {
    delivery_zone: zone ? String(zone.id) : '',
    street: address.street ?? '',
    landmark: address.landmark ?? '',
  };
}

/**
 * The form's first values: the contact, address and paying number from the profile and its default
 * delivery address, or, where the profile has none, from the customer's last order; and the
 * delivery instructions' defaults (contact by phone, not left at the door, signature required).
 * "Save to my profile" starts ticked when the profile lacks a phone or an address. The delivery
 * time and the payment method are the customer's to choose.
 */
export function initialCheckoutValues(
  profile: Profile | undefined,
  zones: readonly DeliveryZone[],
  recent: RecentCheckoutDetails = { phones: [], addresses: [] },
): CheckoutFormValues {
  const address = profile?.default_delivery_address ?? null;
  const phone = profile?.phone ?? recent.phones[0] ?? '';
  const zone = zoneForArea(zones, address?.area);
  const lastAddress = recent.addresses[0];
  const place =
    address || !lastAddress
      ? {
          delivery_zone: zone ? String(zone.id) : '',
          street: address?.street ?? '',
          landmark: address?.landmark ?? '',
        }
      : recentAddressValues(lastAddress, zones);
  return {
    fulfilment: 'delivery',
    contact_name: profile?.name ?? '',
    contact_phone: phone,
    ...place,
    plus_code: '',
    preferred_delivery_time: '',
    contact_preference: 'phone',
    leave_at_door: false,
    require_signature: true,
    access_instructions: '',
    security_code: '',
    delivery_notes: address?.notes ?? '',
    special_instructions: '',
    payment_method: '',
    mobile_money_network: networkOf(phone),
    payment_phone: phone,
    customer_note: '',
    vat_invoice: false,
    vat_business_name: '',
    vat_tin: '',
    company_id: '',
    lpo_number: '',
    save_to_profile: !profile?.phone || !address,
    is_gift: false,
    gift_recipient_name: '',
    gift_recipient_phone: '',
    gift_message: '',
    gift_delivery_date: '',
  };
}

/**
 * The request of `POST /orders/cart/checkout/` for these values. Delivery details are sent only
 * for delivery and the paying number only for mobile money; empty text is sent as null, empty
 * choices as typed, so that the contract's own messages name them.
 */
export function checkoutRequestOf(values: CheckoutFormValues, idempotencyKey: string): CheckoutRequest {
  const delivery = values.fulfilment === 'delivery';
  const mobileMoney = values.payment_method === 'mobile_money';
  return {
    idempotency_key: idempotencyKey,
    fulfilment: values.fulfilment,
    contact_name: values.contact_name,
    contact_phone: values.contact_phone,
    delivery_zone: delivery && values.delivery_zone !== '' ? values.delivery_zone : null,
    street: delivery && values.street.trim() !== '' ? values.street : null,
    delivery_instructions: delivery
      ? {
          preferred_delivery_time:
            values.preferred_delivery_time as (typeof PREFERRED_DELIVERY_TIMES)[number],
          contact_preference: values.contact_preference as (typeof CONTACT_PREFERENCES)[number],
          leave_at_door: values.leave_at_door,
          require_signature: values.require_signature,
          access_instructions: values.access_instructions,
          security_code: values.security_code,
          delivery_notes: values.delivery_notes,
          special_instructions: values.special_instructions,
          landmark: values.landmark,
          plus_code: values.plus_code,
        }
      : null,
    payment_method: values.payment_method as PaymentMethod,
    mobile_money_network:
      mobileMoney && values.mobile_money_network !== '' ? values.mobile_money_network : null,
    payment_phone: mobileMoney && values.payment_phone.trim() !== '' ? values.payment_phone : null,
    customer_note: values.customer_note.trim() === '' ? null : values.customer_note,
    // A company's order is invoiced to the company: the VAT invoice's own fields are not sent with it.
    vat_invoice:
      values.vat_invoice && !values.company_id
        ? { business_name: values.vat_business_name, tin: values.vat_tin }
        : null,
    ...(values.company_id
      ? { company: { company_id: values.company_id, lpo_number: values.lpo_number.trim() || null } }
      : {}),
    save_to_profile: values.save_to_profile,
    // Only a gift carries one; its message goes as typed (the contract keeps it exactly).
    ...(delivery && values.is_gift
      ? {
          gift: {
            recipient_name: values.gift_recipient_name,
            recipient_phone: values.gift_recipient_phone,
            message: values.gift_message,
            delivery_date: values.gift_delivery_date,
          },
        }
      : {}),
  };
}

export type CheckoutPayload = z.output<typeof checkoutRequestSchema>;

export type CheckoutIssue = { path: string; message: string };

/**
 * Valid values standing in for the fields that failed, so that the contract's cross-field rules
 * (delivery area, delivery time, street or landmark, network and paying number) are checked too:
 * zod runs an object's refinements only once all of its fields parse. Inside the delivery
 * instructions only the failed parts are stood in for: the customer's landmark still counts.
 */
const STAND_INS: Record<string, unknown> = {
  idempotency_key: 'validation-only-key-0000',
  fulfilment: 'delivery',
  contact_name: 'Stand-in',
  contact_phone: '+256772000000',
  delivery_zone: 1,
  street: 'Stand-in street',
  payment_method: 'cash_on_delivery',
  mobile_money_network: 'MTN',
  payment_phone: '+256772000000',
  customer_note: null,
  discount_code: null,
  vat_invoice: null,
  company: null,
};
/** A gift's failed parts stand in by these, so that its rules with payment and fulfilment still run. */
const giftStandIns = (): Record<string, unknown> => ({
  recipient_name: 'Stand-in',
  recipient_phone: '+256772000000',
  message: null,
  delivery_date: kampalaDayAfter(new Date(), 0),
});
const INSTRUCTION_STAND_INS: Record<string, unknown> = {
  preferred_delivery_time: 'asap',
  contact_preference: 'phone',
  leave_at_door: false,
  require_signature: true,
};

const issuesOf = (error: z.ZodError): CheckoutIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/** The request with every failed field replaced by a valid stand-in. */
function withStandIns(request: CheckoutRequest, error: z.ZodError): Record<string, unknown> {
  const patched: Record<string, unknown> = { ...request };
  for (const { path } of error.issues) {
    const [head, sub] = path.map(String);
    if (head === undefined) continue;
    if (head === 'delivery_instructions') {
      const current = patched.delivery_instructions;
      if (typeof current !== 'object' || current === null || sub === undefined) {
        patched.delivery_instructions = { ...INSTRUCTION_STAND_INS };
      } else {
        patched.delivery_instructions = { ...current, [sub]: INSTRUCTION_STAND_INS[sub] ?? null };
      }
    } else if (head === 'gift') {
      const current = patched.gift;
      const standIns = giftStandIns();
      patched.gift =
        typeof current !== 'object' || current === null || sub === undefined
          ? standIns
          : { ...current, [sub]: standIns[sub] ?? null };
    } else if (head in STAND_INS) {
      patched[head] = STAND_INS[head];
    }
  }
  return patched;
}

/**
 * Checks a request with the contract's schema, as the API will: answers the parsed request (phones
 * as +256…, defaults applied) or every problem, one per path, the field's own before the rules
 * that span fields.
 */
export function validateCheckout(
  request: CheckoutRequest,
): { success: true; data: CheckoutPayload } | { success: false; issues: CheckoutIssue[] } {
  const first = checkoutRequestSchema.safeParse(request);
  if (first.success) return { success: true, data: first.data };
  const issues = issuesOf(first.error);
  const seen = new Set(issues.map((issue) => issue.path));
  const second = checkoutRequestSchema.safeParse(withStandIns(request, first.error));
  if (!second.success) {
    // Only the cross-field rules are new here; a stand-in's own problems are not the customer's.
    for (const issue of issuesOf(second.error)) {
      if (!seen.has(issue.path)) {
        seen.add(issue.path);
        issues.push(issue);
      }
    }
  }
  return { success: false, issues };
}

/** The key the resolver validates with: the real one is made when the order is placed. */
const VALIDATION_KEY = STAND_INS.idempotency_key as string;

/** react-hook-form's resolver: the contract's rules, each message beside its field. */
export const checkoutResolver: Resolver<CheckoutFormValues> = async (values) => {
  const result = validateCheckout(checkoutRequestOf(values, VALIDATION_KEY));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<CheckoutFormValues> = {};
  for (const issue of result.issues) {
    const field = formFieldOf(issue.path);
    if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
  }
  return { values: {}, errors };
};
