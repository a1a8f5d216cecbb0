import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { SESSION_KEY_LIFETIME_MS, type SessionKeyStore } from './efris.client';
import { openPrivateKey, sealPrivateKey } from './efris.keys';

/** Advisory lock key (beside CREATE_QUEUE_LOCK_KEY in plugins/jobs.ts) serialising T104. */
export const EFRIS_SESSION_KEY_LOCK = 727_037;

/**
 * T104's session key kept in `efris_settings`, sealed under the same key as the private key, so
 * that every instance uses the one URA issued last: a second instance's T104 would replace the
 * first's key at URA. A new key is fetched under an advisory lock (one instance at a time; the
 * others then read it) once the kept one is a day old or was issued to another device or key.
 * Each instance keeps a copy in memory until the key's day is over.
 */
export class DatabaseSessionKeys implements SessionKeyStore {
  readonly #memory = new Map<string, { key: Buffer; obtainedAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly kek: Buffer,
  ) {}

  async obtain(id: string, fetch: () => Promise<Buffer>): Promise<Buffer> {
    const kept = this.#memory.get(id);
    if (kept && Date.now() - kept.obtainedAt < SESSION_KEY_LIFETIME_MS) return kept.key;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${EFRIS_SESSION_KEY_LOCK})`);
      const result = await tx.execute<{
        session_key_ciphertext: string | null;
        session_key_for: string | null;
        session_key_obtained_at: string | null;
      }>(
        sql`SELECT session_key_ciphertext, session_key_for, session_key_obtained_at FROM efris_settings WHERE id = 1`,
      );
      const row = result.rows[0];
      const obtainedAt = row?.session_key_obtained_at ? new Date(row.session_key_obtained_at).getTime() : 0;
      if (
        row?.session_key_ciphertext &&
        row.session_key_for === id &&
        Date.now() - obtainedAt < SESSION_KEY_LIFETIME_MS
      ) {
        const key = Buffer.from(openPrivateKey(this.kek, row.session_key_ciphertext), 'base64');
        this.#memory.set(id, { key, obtainedAt });
        return key;
      }
      const key = await fetch();
      await tx.execute(sql`
        UPDATE efris_settings SET session_key_ciphertext = ${sealPrivateKey(this.kek, key.toString('base64'))},
               session_key_for = ${id}, session_key_obtained_at = now()
         WHERE id = 1`);
      this.#memory.set(id, { key, obtainedAt: Date.now() });
      return key;
    });
  }
}
