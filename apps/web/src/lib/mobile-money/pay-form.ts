import {
  MOBILE_MONEY_NETWORKS,
  type MobileMoneyNetwork,
  mobileMoneyNetworkSchema,
} from '@shop/contract/orders';
import { phoneNetworkProblem } from '@shop/contract/payments';
import { normaliseUgandanPhone, ugandanPhoneSchema } from '@shop/contract/profile';
import { z } from 'zod';

/** The pay form: the network and the paying number, checked like the server checks them. */
export const payFormSchema = z
  .object({ network: mobileMoneyNetworkSchema, phone: ugandanPhoneSchema })
  .superRefine((values, context) => {
    const problem = phoneNetworkProblem(values.network, values.phone);
    if (problem) context.addIssue({ code: 'custom', path: ['phone'], message: problem });
  });

export type PayFormValues = z.input<typeof payFormSchema>;
export const PAY_FORM_FIELDS = ['network', 'phone'] as const;

/** The form's first values: the number the order was placed with, its network, or the other one. */
export function initialPayValues(
  phone: string | null,
  network: MobileMoneyNetwork | null,
  options: { switchNetwork?: boolean } = {},
): PayFormValues {
  const chosen = network ?? 'MTN';
  if (!options.switchNetwork) return { network: chosen, phone: phone ?? '' };
  const other = MOBILE_MONEY_NETWORKS.find((candidate) => candidate !== chosen) ?? chosen;
  return { network: other, phone: '' };
}

/** "+256772123456" → "0772 123456", the way Ugandans write their numbers. */
export function localPhone(e164: string | null): string {
  const normalised = e164 ? normaliseUgandanPhone(e164) : null;
  if (!normalised) return e164 ?? '';
  const national = `0${normalised.slice(4)}`;
  return `${national.slice(0, 4)} ${national.slice(4)}`;
}
