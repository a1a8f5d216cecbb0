import { BRAND } from '@shop/contract/brand';
import type { OutgoingEmail } from '../email/email.service';
import { renderEmail } from '../email/layout';

/** The e-mails identity sends. Every one has a text and an HTML version (see ../email/layout). */

export function passwordResetEmail(options: { to: string; name: string; url: string }): OutgoingEmail {
  const rendered = renderEmail({
    subject: `Reset your ${BRAND.name} password`,
    preheader: 'This link works once, for one hour.',
    heading: 'Reset your password',
    paragraphs: [
      `Hello ${options.name},`,
      `Someone (we hope you) asked to reset the password of your ${BRAND.name} account. Choose a new password with the link below. It works once, for one hour, and signs you out everywhere else.`,
    ],
    action: { label: 'Choose a new password', url: options.url },
    footnote: `If you did not ask for this, ignore this e-mail: your password stays as it is. Questions? Call us on ${BRAND.phone}.`,
  });
  return { to: options.to, ...rendered };
}

export function existingAccountSignUpEmail(options: {
  to: string;
  name: string;
  signInUrl: string;
}): OutgoingEmail {
  const rendered = renderEmail({
    subject: `You already have a ${BRAND.name} account`,
    preheader: 'Someone tried to register with this e-mail address.',
    heading: 'You already have an account',
    paragraphs: [
      `Hello ${options.name},`,
      `Someone tried to create a new ${BRAND.name} account with this e-mail address, which already has one. If it was you, sign in with your password; if you have forgotten it, choose "Forgot password" on the sign-in page.`,
    ],
    action: { label: 'Sign in', url: options.signInUrl },
    footnote: 'If it was not you, you can ignore this e-mail: nothing has changed on your account.',
  });
  return { to: options.to, ...rendered };
}
