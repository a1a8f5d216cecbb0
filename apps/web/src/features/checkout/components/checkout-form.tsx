import { type Cart, EMPTY_CART } from '@shop/contract/cart';
import {
  CONTACT_PREFERENCES,
  contactPreferenceLabels,
  type DeliveryZone,
  PREFERRED_DELIVERY_TIMES,
} from '@shop/contract/delivery';
import { deliveryFeeFor, qualifiesForFreeDelivery } from '@shop/contract/delivery-fee';
import type { DiscountCheck } from '@shop/contract/discounts';
import { cartMessages } from '@shop/contract/errors';
import { formatUGX } from '@shop/contract/money';
import {
  type Order,
  paymentMethodLabel,
  pickupLocation,
  type RecentCheckoutDetails,
} from '@shop/contract/orders';
import type { Profile } from '@shop/contract/profile';
import { preferredTimeLabel } from '@shop/contract/settings-values';
import { orderVat } from '@shop/contract/vat';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AddressFields } from '../../../components/address-fields';
import { CheckboxField, ChoiceCards, SelectField, TextAreaField } from '../../../components/choice-fields';
import { FormField, FormMessage, primaryButtonClass } from '../../../components/form-field';
import { MobileMoneyFields } from '../../../components/mobile-money-fields';
import { PlusCodeField } from '../../../components/plus-code-field';
import { isApiError } from '../../../lib/api-client';
import { CART_KEY } from '../../../lib/cart-key';
import { applyFieldErrors, formErrorMessage } from '../../../lib/form-errors';
import { useShopSettings } from '../../../lib/shop-settings';
import { placeOrder } from '../api/place-order';
import { CheckoutAttempt, orderCertainlyNotPlaced } from '../lib/checkout-attempt';
import {
  CHECKOUT_FIELDS,
  type CheckoutField,
  type CheckoutFormValues,
  checkoutRequestOf,
  checkoutResolver,
  formFieldOf,
  initialCheckoutValues,
  recentAddressValues,
  validateCheckout,
} from '../lib/checkout-form';
import { CheckoutSummary } from './checkout-summary';
import { DiscountCodeField, discountErrorOf } from './discount-code-field';
import { GiftFields } from './gift-fields';

/** A company account the customer may order for, as the checkout offers it. */
export type CheckoutCompany = { id: string; name: string; on_account?: boolean };

/** The API's field names (422 `fields`) → the form's. */
const SERVER_FIELD_NAMES: Record<string, CheckoutField> = Object.fromEntries(
  [
    'delivery_instructions',
    ...[
      'preferred_delivery_time',
      'contact_preference',
      'leave_at_door',
      'require_signature',
      'access_instructions',
      'security_code',
      'delivery_notes',
      'special_instructions',
      'landmark',
    ].map((field) => `delivery_instructions.${field}`),
    'vat_invoice.business_name',
    'vat_invoice.tin',
    'company.company_id',
    'company.lpo_number',
    'gift',
    ...['recipient_name', 'recipient_phone', 'message', 'delivery_date'].map((field) => `gift.${field}`),
  ].map((path) => [path, formFieldOf(path) as CheckoutField]),
);

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`checkout-step-${number}`}
      className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`checkout-step-${number}`} className="flex items-center gap-3 text-2xl">
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-wine-800 font-sans text-sm font-bold text-cream-50"
        >
          {number}
        </span>
        {title}
      </h2>
      <div className="mt-5 space-y-5">{children}</div>
    </section>
  );
}

function zoneChoice(zone: DeliveryZone, free: boolean) {
  return {
    value: String(zone.id),
    title: zone.name,
    description: zone.areas,
    aside: (
      <>
        <span className="block font-semibold">
          {free ? (
            <>
              <s className="font-normal text-ink-soft">{formatUGX(zone.fee)}</s> Free
            </>
          ) : (
            formatUGX(zone.fee)
          )}
        </span>
        <span className="block text-ink-soft">{zone.delivery_time_label}</span>
      </>
    ),
  };
}

/**
 * The checkout: contact, delivery (area, street, instructions) or pick-up, payment, and the order
 * summary beside it. Checked with the contract's schema before sending; the server's reasons go
 * beside their fields. One idempotency key per attempt: a retry or a double click places one order.
 */
export function CheckoutForm({
  cart,
  profile,
  zones,
  zonesFailed,
  recent,
  rememberOrder,
  companies = [],
}: {
  cart: Cart;
  profile: Profile | undefined;
  zones: readonly DeliveryZone[];
  /** The phones and addresses of the customer's last orders, offered beside the fields. */
  recent: RecentCheckoutDetails;
  /** The zones could not be loaded: delivery cannot be chosen, pick-up still can. */
  zonesFailed: boolean;
  /** Keeps the placed order where the orders' pages read it (src/app hands it in), so the next page shows it at once. */
  rememberOrder: (order: Order) => void;
  /** The approved company accounts the customer may order for (src/app hands them in). */
  companies?: readonly CheckoutCompany[];
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const attempt = useRef(new CheckoutAttempt());
  const inFlight = useRef(false);
  const [formError, setFormError] = useState<ReactNode>(null);
  const [initial] = useState(() => initialCheckoutValues(profile, zones, recent));
  const recentPhonesId = useId();
  // Our own flag: react-hook-form's isSubmitting ends with whichever submit ends first (a double
  // click's second one returns at once), while the order is still on its way.
  const [placing, setPlacing] = useState(false);
  const [discountCode, setDiscountCode] = useState('');
  const [discount, setDiscount] = useState<DiscountCheck | null>(null);
  const [discountError, setDiscountError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CheckoutFormValues>({
    resolver: checkoutResolver,
    mode: 'onTouched',
    defaultValues: initial,
  });
  const [fulfilment, zoneId, paymentMethod, wantsVatInvoice, isGift, giftMessage, companyId, plusCode] =
    useWatch({
      control,
      name: [
        'fulfilment',
        'delivery_zone',
        'payment_method',
        'vat_invoice',
        'is_gift',
        'gift_message',
        'company_id',
        'plus_code',
      ],
    });
  const zone = zones.find((candidate) => String(candidate.id) === zoneId);
  // The shop's free-delivery threshold (its setting) comes with the cart.
  const threshold = cart.free_delivery_threshold;
  // The preferred times' hours are the shop's delivery windows (a setting).
  const settings = useShopSettings();
  const deliveryWindows = settings.delivery_windows;
  const pickup = pickupLocation(settings);
  const free = qualifiesForFreeDelivery(cart.subtotal, threshold);
  const deliveryFee = deliveryFeeFor({ fulfilment, zone, subtotal: cart.subtotal, threshold });
  const saving = discount?.discount ?? 0;
  // A VAT-registered shop: VAT on every line as the API works it out; added when prices exclude it.
  const vatRegistered = Boolean(settings.vat_tin);
  const vatAdded =
    vatRegistered && !settings.prices_include_vat
      ? orderVat(
          {
            lineTotals: cart.items.map((item) => item.subtotal),
            deliveryFee: deliveryFee ?? 0,
            discount: saving,
          },
          false,
        ).total.vat
      : 0;
  const total = cart.subtotal + (deliveryFee ?? 0) - saving + vatAdded;

  const onSubmit = handleSubmit(async (values) => {
    // A second click while the first is on its way: the button is disabled, but a fast double click can land first.
    if (inFlight.current) return;
    // The applied code, or one typed but not applied yet: the server checks it either way.
    const code = discount?.code ?? (discountCode.trim() || null);
    const checked = validateCheckout({
      ...checkoutRequestOf(values, attempt.current.currentKey()),
      discount_code: code,
    });
    if (!checked.success) {
      const codeIssue = checked.issues.find((issue) => issue.path === 'discount_code');
      if (codeIssue) setDiscountError(codeIssue.message);
      return;
    }
    inFlight.current = true;
    setPlacing(true);
    setFormError(null);
    try {
      const order = await placeOrder(checked.data);
      attempt.current.finish();
      rememberOrder(order);
      // Mobile money: the payments feature's screen sends the request to the phone and waits for it.
      if (order.payment_method === 'mobile_money' && order.payment_status !== 'paid') {
        await navigate({ to: '/pay/$orderId', params: { orderId: order.id } });
      } else {
        await navigate({ to: '/order_success/$id', params: { id: order.id } });
      }
      // The server emptied the cart with the order; set only now, so that this page never shows "empty".
      queryClient.setQueryData(CART_KEY, EMPTY_CART);
      void queryClient.invalidateQueries({ queryKey: ['orders'], exact: false, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      // The profile took this phone and address (asked for with "Save to my profile").
      if (checked.data.save_to_profile)
        void queryClient.invalidateQueries({ queryKey: ['profile'], exact: true });
      // Stock has moved: the catalog's cached counts are out of date.
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
    } catch (error) {
      if (orderCertainlyNotPlaced(error)) attempt.current.finish();
      applyFieldErrors(error, CHECKOUT_FIELDS, setError, SERVER_FIELD_NAMES);
      const message = formErrorMessage(error);
      const codeRefused = isApiError(error) && error.fields.some((field) => field.field === 'discount_code');
      if (codeRefused) {
        // The code no longer applies (used up meanwhile, expired…): nothing was placed; say why.
        const reason = discountErrorOf(error);
        setDiscount(null);
        setDiscountError(reason);
        setFormError(`${cartMessages.checkout}. ${reason} Remove the code to order without it.`);
      } else if (isApiError(error) && error.status === 409) {
        // Stock or the cart moved since it was shown: show the cart as it is now.
        void queryClient.invalidateQueries({ queryKey: CART_KEY });
        // This attempt was already placed (its answer lost) and then sent again with other details.
        const alreadyPlaced = error.fields.some((field) => field.field === 'idempotency_key');
        if (alreadyPlaced) void queryClient.invalidateQueries({ queryKey: ['orders'] });
        setFormError(
          <>
            {cartMessages.checkout}: {message}{' '}
            {alreadyPlaced ? (
              <Link to="/order-history" className="font-semibold underline underline-offset-4">
                See your orders
              </Link>
            ) : (
              <Link to="/cart" className="font-semibold underline underline-offset-4">
                Review your cart
              </Link>
            )}
          </>,
        );
      } else {
        setFormError(`${cartMessages.checkout}. ${message}`);
      }
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  });

  const pending = isSubmitting || placing;
  const delivery = fulfilment === 'delivery';
  const mobileMoney = paymentMethod === 'mobile_money';

  return (
    <div className="grid items-start gap-10 lg:grid-cols-[1fr_24rem]">
      <form onSubmit={onSubmit} noValidate aria-label="Checkout" className="flex flex-col gap-6">
        {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}

        <Step number={1} title="Contact">
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              label="Full name"
              autoComplete="name"
              registration={register('contact_name')}
              error={errors.contact_name?.message}
            />
            <FormField
              label="Mobile number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="0772 123456"
              registration={register('contact_phone')}
              error={errors.contact_phone?.message}
              hint="Our rider calls this number."
              list={recent.phones.length > 0 ? recentPhonesId : undefined}
            />
            {recent.phones.length > 0 ? (
              // The numbers of the last orders, offered as the field is typed in.
              <datalist id={recentPhonesId}>
                {recent.phones.map((phone) => (
                  <option key={phone} value={phone} />
                ))}
              </datalist>
            ) : null}
          </div>
          {companies.length > 0 ? (
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField
                label="Order for"
                registration={register('company_id')}
                error={errors.company_id?.message}
                placeholder="Myself"
                defaultValue=""
                options={companies.map((company) => ({ value: company.id, label: company.name }))}
              />
              {companyId ? (
                <FormField
                  label="LPO number (optional)"
                  registration={register('lpo_number')}
                  error={errors.lpo_number?.message}
                  hint="Printed on the company’s tax invoice."
                />
              ) : null}
            </div>
          ) : null}
          {vatRegistered && !companyId ? (
            <>
              <CheckboxField
                label="I need a VAT invoice"
                hint="For a business: the invoice is made out to it, with its TIN."
                registration={register('vat_invoice')}
              />
              {wantsVatInvoice ? (
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField
                    label="Business name"
                    autoComplete="organization"
                    registration={register('vat_business_name')}
                    error={errors.vat_business_name?.message}
                  />
                  <FormField
                    label="Business TIN"
                    inputMode="numeric"
                    placeholder="10 digits"
                    registration={register('vat_tin')}
                    error={errors.vat_tin?.message}
                  />
                </div>
              ) : null}
            </>
          ) : null}
        </Step>

        <Step number={2} title="Delivery or pick-up">
          <ChoiceCards
            legend="How would you like to receive your order?"
            hideLegend
            registration={register('fulfilment')}
            error={errors.fulfilment?.message}
            choices={[
              {
                value: 'delivery',
                title: 'Delivery',
                description: 'To your door in and around Kampala.',
              },
              {
                value: 'pickup',
                title: 'Pick up at the shop',
                description: `${pickup.name}, ${pickup.address}. Open ${pickup.hours}.`,
                aside: <span className="font-semibold">Free</span>,
              },
            ]}
          />
          {delivery ? (
            <>
              <GiftFields
                register={register}
                errors={errors}
                isGift={isGift}
                messageLength={giftMessage.length}
              />
              {zonesFailed ? (
                <FormMessage kind="error">
                  We could not load the delivery areas just now. Reload the page, or choose pick-up.
                </FormMessage>
              ) : (
                <ChoiceCards
                  legend="Delivery area"
                  registration={register('delivery_zone')}
                  error={errors.delivery_zone?.message}
                  columns={1}
                  choices={zones.map((item) => zoneChoice(item, free))}
                />
              )}
              {free ? (
                <p className="text-sm font-semibold text-wine-800">Your order qualifies for free delivery.</p>
              ) : null}
              {recent.addresses.length > 0 ? (
                <fieldset className="space-y-2">
                  <legend className="mb-1.5 text-sm font-semibold text-ink">
                    Deliver where you did before
                  </legend>
                  <div className="flex flex-wrap gap-2">
                    {recent.addresses.map((address) => {
                      const place = [address.zone_name, address.street, address.landmark]
                        .filter(Boolean)
                        .join(', ');
                      return (
                        <button
                          key={place}
                          type="button"
                          className="rounded-full border border-cream-300 bg-white px-3 py-1.5 text-left text-sm text-ink hover:border-wine-600"
                          onClick={() => {
                            const values = recentAddressValues(address, zones);
                            const options = { shouldValidate: true } as const;
                            setValue('delivery_zone', values.delivery_zone, options);
                            setValue('street', values.street, options);
                            setValue('landmark', values.landmark, options);
                          }}
                        >
                          {place}
                        </button>
                      );
                    })}
                  </div>
                </fieldset>
              ) : null}
              <AddressFields
                street={{ registration: register('street'), error: errors.street?.message }}
                landmark={{ registration: register('landmark'), error: errors.landmark?.message }}
              />
              <PlusCodeField
                registration={register('plus_code')}
                value={plusCode}
                error={errors.plus_code?.message}
                onLocate={(code) => setValue('plus_code', code, { shouldValidate: true })}
              />
              <div className="grid gap-5 sm:grid-cols-2">
                <SelectField
                  label="Preferred delivery time"
                  placeholder="Choose a time"
                  registration={register('preferred_delivery_time')}
                  defaultValue={initial.preferred_delivery_time}
                  error={errors.preferred_delivery_time?.message}
                  options={PREFERRED_DELIVERY_TIMES.map((value) => ({
                    value,
                    label: preferredTimeLabel(value, deliveryWindows),
                  }))}
                />
                <SelectField
                  label="How should the rider contact you?"
                  placeholder="Choose how"
                  registration={register('contact_preference')}
                  defaultValue={initial.contact_preference}
                  error={errors.contact_preference?.message}
                  options={CONTACT_PREFERENCES.map((value) => ({
                    value,
                    label: contactPreferenceLabels[value],
                  }))}
                />
              </div>
              <div className="space-y-3">
                <CheckboxField
                  label="Leave at the door if I am out"
                  registration={register('leave_at_door')}
                />
                <CheckboxField
                  label="Require a signature on delivery"
                  hint="Recommended for spirits and fine wine."
                  registration={register('require_signature')}
                />
              </div>
              <details className="group rounded-xl border border-cream-200 bg-cream-50 px-4 py-3">
                <summary className="cursor-pointer text-sm font-semibold text-wine-800">
                  More instructions for the rider (optional)
                </summary>
                <div className="mt-4 space-y-5">
                  <TextAreaField
                    label="Access instructions"
                    placeholder="Gate, floor, which door"
                    registration={register('access_instructions')}
                    error={errors.access_instructions?.message}
                  />
                  <FormField
                    label="Gate or building code"
                    autoComplete="off"
                    registration={register('security_code')}
                    error={errors.security_code?.message}
                    hint="Shown to the rider only."
                  />
                  <TextAreaField
                    label="Delivery notes"
                    registration={register('delivery_notes')}
                    error={errors.delivery_notes?.message}
                  />
                  <TextAreaField
                    label="Special instructions"
                    placeholder="e.g. a gift: please do not include the invoice"
                    registration={register('special_instructions')}
                    error={errors.special_instructions?.message}
                  />
                </div>
              </details>
            </>
          ) : (
            <p className="rounded-xl bg-cream-100 p-4 text-sm text-ink">
              Collect your order at <span className="font-semibold">{pickup.name}</span>, {pickup.address}.
              Open {pickup.hours}. We tell you when it is ready.
            </p>
          )}
        </Step>

        <CheckboxField
          label="Save this phone and address to my profile"
          hint="Your next checkout starts from them."
          registration={register('save_to_profile')}
        />

        <Step number={3} title="Payment">
          <ChoiceCards
            legend="Payment method"
            hideLegend
            registration={register('payment_method')}
            error={errors.payment_method?.message}
            choices={[
              {
                value: 'mobile_money',
                title: 'Mobile money',
                description: 'MTN Mobile Money or Airtel Money: approve the prompt on your phone.',
              },
              {
                value: 'cash_on_delivery',
                title: paymentMethodLabel('cash_on_delivery', delivery ? 'delivery' : 'pickup'),
                description: delivery ? 'Pay the rider in cash at your door.' : 'Pay in cash at the shop.',
              },
              ...(companies.find((company) => company.id === companyId)?.on_account
                ? [
                    {
                      value: 'on_account',
                      title: paymentMethodLabel('on_account', delivery ? 'delivery' : 'pickup'),
                      description: 'Invoiced to the company, paid by its terms: nothing to pay now.',
                    },
                  ]
                : []),
            ]}
          />
          {mobileMoney ? (
            <MobileMoneyFields
              network={{
                registration: register('mobile_money_network'),
                error: errors.mobile_money_network?.message,
              }}
              phone={{ registration: register('payment_phone'), error: errors.payment_phone?.message }}
            />
          ) : null}
          <TextAreaField
            label="A note for us (optional)"
            registration={register('customer_note')}
            error={errors.customer_note?.message}
          />
        </Step>

        <section
          aria-label="Discount code"
          className="rounded-2xl border border-cream-200 bg-white p-6 shadow-sm"
        >
          <DiscountCodeField
            code={discountCode}
            onCodeChange={setDiscountCode}
            applied={discount}
            onApplied={setDiscount}
            error={discountError}
            onError={setDiscountError}
          />
        </section>

        <div className="flex flex-col gap-3">
          <button
            type="submit"
            disabled={pending}
            aria-busy={pending || undefined}
            className={`${primaryButtonClass} h-12 w-full gap-2 text-lg sm:w-auto sm:self-end sm:px-10`}
          >
            <Lock aria-hidden="true" className="size-4" />
            {pending ? 'Placing your order…' : `Place order · ${formatUGX(total)}`}
          </button>
          <p className="text-sm text-ink-soft sm:text-right">
            By placing the order you confirm you are 21 or older and accept our{' '}
            <Link to="/terms" className="underline underline-offset-4">
              terms of sale
            </Link>
            .
          </p>
        </div>
      </form>
      <CheckoutSummary
        cart={cart}
        fulfilment={fulfilment}
        deliveryFee={deliveryFee}
        discount={discount ? { code: discount.code, amount: discount.discount } : null}
        vat={vatRegistered ? (settings.prices_include_vat ? { included: true } : { added: vatAdded }) : null}
      />
    </div>
  );
}
