import { BRAND } from '@shop/contract/brand';
import type { OutgoingEmail } from '../email/email.service';
import { renderEmail } from '../email/layout';

/** Invitation hours: long enough for a weekend, short enough that a forwarded link goes stale. */
export const INVITATION_HOURS = 72;

export function staffInvitationEmail(options: {
  to: string;
  name: string;
  role: 'staff' | 'admin' | 'rider';
  invitedBy: string;
  url: string;
}): OutgoingEmail {
  const rendered = renderEmail({
    subject: `You are invited to the ${BRAND.name} staff desk`,
    preheader: `Choose your password: the link works once, for ${INVITATION_HOURS} hours.`,
    heading: 'Welcome to the team',
    paragraphs: [
      `Hello ${options.name},`,
      options.role === 'rider'
        ? `${options.invitedBy} has made your ${BRAND.name} account a rider's. Choose your password with the link below, then sign in: your deliveries are at /rider.`
        : `${options.invitedBy} has given your ${BRAND.name} account ${options.role === 'admin' ? 'admin' : 'staff'} rights. Choose your password with the link below, then sign in and open your account: the staff desk is there.`,
      `The link works once, for ${INVITATION_HOURS} hours.`,
    ],
    action: { label: 'Choose your password', url: options.url },
    footnote: `If you did not expect this, ignore this e-mail or call us on ${BRAND.phone}.`,
  });
  return { to: options.to, ...rendered };
}
