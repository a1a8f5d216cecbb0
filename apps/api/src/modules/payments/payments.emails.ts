import { BRAND } from '@shop/contract/brand';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { networkLabels } from '@shop/contract/payments';
import type { OutgoingEmail } from '../email/email.service';
import { renderEmail } from '../email/layout';

/** The payment receipt, sent once per successful payment. */
export function paymentReceiptEmail(options: {
  to: string;
  name: string;
  reference: string;
  subjectLabel: string;
  amount: number;
  network: 'MTN' | 'AIRTEL';
  phoneMasked: string;
  paidAt: Date;
  url: string;
}): OutgoingEmail {
  const paidAt = formatKampalaDateTime(options.paidAt);
  const rendered = renderEmail({
    subject: `Payment received: ${formatUGX(options.amount)} for ${options.subjectLabel}`,
    preheader: `Reference ${options.reference}. Thank you for shopping with ${BRAND.name}.`,
    heading: 'Payment received',
    paragraphs: [
      `Hello ${options.name},`,
      `We have received your payment of ${formatUGX(options.amount)} for ${options.subjectLabel}. Thank you!`,
      `Paid with ${networkLabels[options.network]} from ${options.phoneMasked} on ${paidAt} (Kampala time).`,
      `Payment reference: ${options.reference}. Keep it if you contact us about this payment.`,
    ],
    action: { label: 'See your payments', url: options.url },
    footnote: `This is your receipt. Questions? Call us on ${BRAND.phone} or write to ${BRAND.email}.`,
  });
  return { to: options.to, ...rendered };
}
