import { BRAND } from '@shop/contract/brand';
import { API_BASE_PATH } from '@shop/contract/constants';
import {
  NEWSLETTER_CONFIRM_PATH,
  NEWSLETTER_CONFIRMATION_TTL_HOURS,
  NEWSLETTER_UNSUBSCRIBE_PATH,
} from '@shop/contract/newsletter';
import type { OutgoingEmail } from '../email/email.service';
import { type EmailContent, renderEmail } from '../email/layout';

/** The newsletter's e-mails. Every one has a text and an HTML version (see ../email/layout). */

export const confirmUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${NEWSLETTER_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;

/** The page a person opens from the e-mail: it unsubscribes at once, signed in or not. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

/** What a mail client POSTs to for RFC 8058 one-click unsubscribe (List-Unsubscribe-Post). */
export const oneClickUnsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${API_BASE_PATH}/newsletter/one-click-unsubscribe/?token=${encodeURIComponent(token)}`;

export function confirmationEmail(options: { to: string; url: string }): OutgoingEmail {
  const rendered = renderEmail({
    subject: `Confirm your subscription to the ${BRAND.name} newsletter`,
    preheader: 'One click and you are on the list.',
    heading: 'Please confirm your subscription',
    paragraphs: [
      `Thank you for your interest in the ${BRAND.name} newsletter: new arrivals, offers and tastings, a few times a month.`,
      `Confirm that this address is yours with the link below. It works for ${NEWSLETTER_CONFIRMATION_TTL_HOURS} hours.`,
    ],
    action: { label: 'Confirm my subscription', url: options.url },
    footnote:
      'If you did not ask for this, ignore this e-mail: you will not be subscribed and will not hear from us again.',
  });
  return { to: options.to, ...rendered };
}

/**
 * Any newsletter e-mail: the unsubscribe link in its footer, and the `List-Unsubscribe` and
 * `List-Unsubscribe-Post` headers (RFC 2369, RFC 8058) for the mail client's own button.
 */
export function newsletterEmail(options: {
  to: string;
  publicUrl: string;
  unsubscribeToken: string;
  content: Omit<EmailContent, 'unsubscribeUrl'>;
}): OutgoingEmail {
  const rendered = renderEmail({
    ...options.content,
    unsubscribeUrl: unsubscribeUrl(options.publicUrl, options.unsubscribeToken),
  });
  return {
    to: options.to,
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(options.publicUrl, options.unsubscribeToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The first newsletter e-mail, right after the address is confirmed. */
export function welcomeEmail(options: { to: string; publicUrl: string; unsubscribeToken: string }) {
  return newsletterEmail({
    ...options,
    content: {
      subject: `Welcome to the ${BRAND.name} newsletter`,
      preheader: 'New arrivals, offers and tastings, a few times a month.',
      heading: 'You are subscribed',
      paragraphs: [
        'Thank you for confirming. You will hear from us when new bottles arrive, when a favourite goes on offer, and before our tastings and events.',
        'You can unsubscribe at any time with the link at the bottom of every newsletter: one click, no need to sign in.',
      ],
      action: { label: 'Discover the cellar', url: `${options.publicUrl}/products` },
    },
  });
}
