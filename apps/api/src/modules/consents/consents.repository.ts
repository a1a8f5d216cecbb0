import {
  CONSENT_TEXTS,
  type ConsentAction,
  type ConsentPurpose,
  type ConsentSource,
} from '@shop/contract/consents';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';

/** The consent ledger's queries (table consent_records, migration 0036). */

export type ConsentEntry = {
  purpose: ConsentPurpose;
  action: ConsentAction;
  source: ConsentSource;
} & ({ userId: string; email?: undefined } | { userId?: undefined; email: string });

/**
 * Appends one record, in the caller's transaction so that it commits (or not) with the change it
 * records. A record by address (the newsletter's double opt-in) is tied to the account of that
 * address when there is one, so that the customer finds it in their profile.
 */
export async function recordConsent(tx: Executor, entry: ConsentEntry): Promise<void> {
  const text = CONSENT_TEXTS[entry.purpose];
  const userId = entry.userId
    ? sql`${entry.userId}::uuid`
    : sql`(SELECT id FROM users WHERE email = ${entry.email} AND NOT is_anonymous)`;
  await tx.execute(sql`
    INSERT INTO consent_records (user_id, email, purpose, action, shown_text, source)
    VALUES (${userId}, ${entry.email ?? null}, ${entry.purpose}, ${entry.action}, ${text}, ${entry.source})`);
}

export type LatestConsentRow = {
  purpose: string;
  action: ConsentAction;
  source: ConsentSource;
  shown_text: string;
  created_at: Date | string;
};

/** The latest record of each purpose of that user (one index range per purpose, no sort). */
export async function latestConsents(db: Executor, userId: string): Promise<LatestConsentRow[]> {
  const result = await db.execute<LatestConsentRow>(sql`
    SELECT DISTINCT ON (purpose) purpose, action, source, shown_text, created_at
    FROM consent_records
    WHERE user_id = ${userId}
    ORDER BY purpose, created_at DESC, id DESC`);
  return result.rows;
}

/** Every record of the customer's ledger, oldest first (the copy of their data). */
export async function consentRecordsOf(db: Executor, userId: string) {
  const result = await db.execute<{
    purpose: string;
    action: string;
    shown_text: string;
    source: string;
    created_at: string;
  }>(sql`
    SELECT purpose, action, shown_text, source, created_at FROM consent_records
    WHERE user_id = ${userId} ORDER BY created_at, id`);
  return result.rows;
}
