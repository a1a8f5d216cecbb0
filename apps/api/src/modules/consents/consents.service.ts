import {
  CONSENT_PURPOSES,
  CONSENT_TEXTS,
  type Consent,
  type ConsentPurpose,
  type ConsentsResponse,
  type UpdateConsentRequest,
} from '@shop/contract/consents';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/engagement';
import { unauthorized } from '../../errors';
import { type NewsletterDeps, subscribe, unsubscribe } from '../newsletter/newsletter.service';
import { findProfile } from '../profile/profile.repository';
import { changeProfile } from '../profile/profile.service';
import { getSmsSettings, updateSmsPreferences } from '../sms/sms.service';
import { latestConsents } from './consents.repository';

/**
 * The customer's consents as their profile shows them: each one's state comes from where the shop
 * acts on it (the account's newsletter choice, the SMS choices, the newsletter's address list) and
 * its last change from the ledger.
 */
export async function getConsents(db: Database, userId: string): Promise<ConsentsResponse> {
  const profile = await findProfile(db, userId);
  if (!profile) throw unauthorized();
  const [sms, subscriber, latest] = await Promise.all([
    getSmsSettings(db, userId, false),
    db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, profile.email.toLowerCase()))
      .limit(1),
    latestConsents(db, userId),
  ]);
  const status = subscriber[0]?.status;
  const state: Record<ConsentPurpose, boolean> = {
    newsletter: profile.newsletterOptIn,
    newsletter_email: status === 'confirmed',
    sms_order_updates: sms.preferences.order_updates,
    sms_event_updates: sms.preferences.event_updates,
    sms_marketing: sms.preferences.marketing,
  };
  const byPurpose = new Map(latest.map((row) => [row.purpose, row]));
  const consents: Consent[] = CONSENT_PURPOSES.map((purpose) => {
    const last = byPurpose.get(purpose);
    return {
      purpose,
      granted: state[purpose],
      pending: purpose === 'newsletter_email' && status === 'pending',
      text: CONSENT_TEXTS[purpose],
      last_change: last
        ? {
            action: last.action,
            source: last.source,
            shown_text: last.shown_text,
            at: new Date(last.created_at).toISOString(),
          }
        : null,
    };
  });
  return { consents };
}

/**
 * Gives or withdraws one consent from the profile, through the same rules as its own form or link
 * (each writes the ledger): the newsletter to an address still needs its e-mailed confirmation.
 */
export async function setConsent(
  deps: NewsletterDeps,
  userId: string,
  request: UpdateConsentRequest,
  ip: string | null,
): Promise<void> {
  const { purpose, granted } = request;
  const source = 'consents_section';
  if (purpose === 'newsletter') {
    await changeProfile(deps.db, userId, { newsletter_opt_in: granted }, undefined, source);
    return;
  }
  if (purpose !== 'newsletter_email') {
    const topic = purpose.slice('sms_'.length) as 'order_updates' | 'event_updates' | 'marketing';
    await updateSmsPreferences(deps.db, userId, { [topic]: granted }, source);
    return;
  }
  const profile = await findProfile(deps.db, userId);
  if (!profile) throw unauthorized();
  const email = profile.email.toLowerCase();
  if (granted) {
    await subscribe(deps, { email, ip, source });
    return;
  }
  const [row] = await deps.db
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .limit(1);
  if (row) await unsubscribe(deps, { token: row.token, source });
}
