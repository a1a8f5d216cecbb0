import { deliveryFeeFor } from '@shop/contract/delivery-fee';
import { deliveryInstructionMessages } from '@shop/contract/errors';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { makeProfile } from '../../../test/fakes/identity-api';
import { sampleZones } from '../../../test/fakes/orders-api';
import { CheckoutAttempt, orderCertainlyNotPlaced } from './checkout-attempt';
import {
  type CheckoutFormValues,
  checkoutRequestOf,
  formFieldOf,
  initialCheckoutValues,
  networkOf,
  validateCheckout,
  zoneForArea,
} from './checkout-form';

const KEY = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';

function values(overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues {
  return {
    ...initialCheckoutValues(makeProfile(), sampleZones()),
    preferred_delivery_time: 'morning',
    payment_method: 'cash_on_delivery',
    ...overrides,
  };
}

const messages = (result: ReturnType<typeof validateCheckout>) =>
  result.success ? {} : Object.fromEntries(result.issues.map((issue) => [issue.path, issue.message]));

describe('the checkout form’s rules', () => {
  it('fills the contact, address, zone and paying number from the profile', () => {
    const initial = initialCheckoutValues(makeProfile({ phone: '+256701234567' }), sampleZones());
    expect(initial).toMatchObject({
      contact_name: 'Amina Nakato',
      contact_phone: '+256701234567',
      delivery_zone: '1',
      street: 'Acacia Avenue',
      contact_preference: 'phone',
      leave_at_door: false,
      require_signature: true,
      preferred_delivery_time: '',
      payment_method: '',
      mobile_money_network: 'AIRTEL',
      payment_phone: '+256701234567',
    });
    expect(initialCheckoutValues(undefined, sampleZones()).delivery_zone).toBe('');
  });

  it('finds the zone of a saved area by its neighbourhoods', () => {
    const zones = sampleZones();
    expect(zoneForArea(zones, 'kololo')?.name).toBe('Central Kampala');
    expect(zoneForArea(zones, ' Munyonyo ')?.name).toBe('Entebbe Road');
    expect(zoneForArea(zones, 'Gulu')).toBeNull();
    expect(zoneForArea(zones, '')).toBeNull();
  });

  it('knows the network of a paying number', () => {
    expect(networkOf('0772 123456')).toBe('MTN');
    expect(networkOf('+256 752 123 456')).toBe('AIRTEL');
    expect(networkOf('0712 345678')).toBe('');
    expect(networkOf('nonsense')).toBe('');
  });

  it('passes a complete delivery, normalising the phone and applying the defaults', () => {
    const result = validateCheckout(checkoutRequestOf(values({ contact_phone: '0772 123 456' }), KEY));
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toMatchObject({
      idempotency_key: KEY,
      contact_phone: '+256772123456',
      delivery_zone: 1,
      delivery_instructions: {
        preferred_delivery_time: 'morning',
        contact_preference: 'phone',
        landmark: null,
      },
      payment_method: 'cash_on_delivery',
      mobile_money_network: null,
      payment_phone: null,
    });
  });

  it('reports every problem at once, the fields’ own and the rules across fields', () => {
    const result = validateCheckout(
      checkoutRequestOf(
        values({
          contact_name: ' ',
          delivery_zone: '',
          street: '',
          landmark: '',
          preferred_delivery_time: '',
          payment_method: 'mobile_money',
          mobile_money_network: '',
          payment_phone: '',
        }),
        KEY,
      ),
    );
    expect(messages(result)).toEqual({
      contact_name: 'Contact name is required',
      'delivery_instructions.preferred_delivery_time': deliveryInstructionMessages.preferredTimeRequired,
      delivery_zone: 'Choose a delivery area',
      street: 'Enter the street or a landmark, so that the rider can find you',
      mobile_money_network: 'Choose MTN or Airtel',
      payment_phone: 'Enter the mobile money number that will pay',
    });
  });

  it('takes a landmark for a street even when another instruction is wrong', () => {
    const result = validateCheckout(
      checkoutRequestOf(
        values({ street: '', landmark: 'Opposite Shell Kololo', contact_preference: '' }),
        KEY,
      ),
    );
    expect(messages(result)).toEqual({
      'delivery_instructions.contact_preference': deliveryInstructionMessages.contactPreferenceRequired,
    });
  });

  it('leaves out the delivery details for pick-up and the paying number for cash', () => {
    const request = checkoutRequestOf(values({ fulfilment: 'pickup', delivery_zone: '', street: '' }), KEY);
    expect(request).toMatchObject({
      delivery_zone: null,
      street: null,
      delivery_instructions: null,
      mobile_money_network: null,
      payment_phone: null,
    });
    expect(validateCheckout(request).success).toBe(true);
  });

  it('puts the API’s field paths on the form’s fields', () => {
    expect(formFieldOf('delivery_instructions.landmark')).toBe('landmark');
    expect(formFieldOf('delivery_instructions')).toBe('preferred_delivery_time');
    expect(formFieldOf('delivery_instructions.unknown')).toBe('preferred_delivery_time');
    expect(formFieldOf('payment_phone')).toBe('payment_phone');
    expect(formFieldOf('idempotency_key')).toBeNull();
    expect(formFieldOf('items.0.quantity')).toBeNull();
  });

  it('computes the fee shown: the zone’s, nothing for pick-up or from Shs 1,000,000, unknown without an area', () => {
    const [central] = sampleZones();
    expect(deliveryFeeFor({ fulfilment: 'delivery', zone: central, subtotal: 999_999 })).toBe(10_000);
    expect(deliveryFeeFor({ fulfilment: 'delivery', zone: central, subtotal: 1_000_000 })).toBe(0);
    expect(deliveryFeeFor({ fulfilment: 'pickup', zone: undefined, subtotal: 5_000 })).toBe(0);
    expect(deliveryFeeFor({ fulfilment: 'delivery', zone: undefined, subtotal: 5_000 })).toBeNull();
  });
});

describe('a checkout attempt’s idempotency key', () => {
  it('is a UUID kept until the attempt is over, then a new one', () => {
    const attempt = new CheckoutAttempt();
    const first = attempt.currentKey();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(attempt.currentKey()).toBe(first);
    attempt.finish();
    expect(attempt.currentKey()).not.toBe(first);
  });

  it('is given up only when the server said for certain that no order was placed', () => {
    const status = (code: number) => new ApiError({ kind: 'status', status: code });
    for (const code of [400, 403, 404, 409, 422]) expect(orderCertainlyNotPlaced(status(code))).toBe(true);
    for (const code of [401, 429, 500, 502, 503, 504])
      expect(orderCertainlyNotPlaced(status(code))).toBe(false);
    expect(orderCertainlyNotPlaced(new ApiError({ kind: 'no_response' }))).toBe(false);
    expect(orderCertainlyNotPlaced(new ApiError({ kind: 'timeout' }))).toBe(false);
    expect(orderCertainlyNotPlaced(new Error('boom'))).toBe(false);
  });
});
