import { MOBILE_MONEY_NETWORKS } from '@shop/contract/orders';
import { networkLabels } from '@shop/contract/payments';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ChoiceCards } from './choice-fields';
import { FormField } from './form-field';

const NETWORK_CHOICES = MOBILE_MONEY_NETWORKS.map((network) => ({
  value: network,
  title: networkLabels[network],
}));

/**
 * The network and the paying number, wherever the shop asks for mobile money (checkout, paying an
 * order later, paying for event seats): one set of labels, one layout, one hint.
 */
export function MobileMoneyFields({
  network,
  phone,
  phoneHint = 'The phone that receives the payment request. It must be on the network chosen above.',
}: {
  network: { registration: UseFormRegisterReturn; error?: string | undefined };
  phone: { registration: UseFormRegisterReturn; error?: string | undefined };
  phoneHint?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-5">
      <ChoiceCards
        legend="Network"
        registration={network.registration}
        error={network.error}
        choices={NETWORK_CHOICES}
      />
      <FormField
        label="Paying mobile number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="0772 123456"
        registration={phone.registration}
        error={phone.error}
        hint={phoneHint}
      />
    </div>
  );
}
