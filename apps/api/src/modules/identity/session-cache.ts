import type { AuthSessionRecord, AuthUser } from '../../plugins/auth';

/**
 * The sessions this instance has looked up, kept in memory so that a customer's calls do not
 * each read their session from the database (a third of an add-to-cart's database work).
 *
 * It is only as fresh as its invalidation: the database NOTIFYs `identity_changed` whenever a
 * session or a user changes or goes (migration 0015), and `./session-cache.plugin` feeds those
 * messages here. While no LISTEN is in place the cache is off (`enabled` false) and emptied, so
 * a missed message can never keep a revoked session alive. A lookup that raced a change (read
 * before the message, stored after it) is not kept: every message bumps `generation`, and
 * `remember` refuses values read under an older one.
 */

export const IDENTITY_CHANGED_CHANNEL = 'identity_changed';

export type LiveSession = { user: AuthUser; session: AuthSessionRecord };

/** Told of every `identity_changed` message ('all' too when messages may have been missed). */
export type IdentityChangeListener = (payload: string) => void;

export class SessionCache {
  private readonly changeListeners = new Set<IdentityChangeListener>();
  private readonly entries = new Map<string, { value: LiveSession; until: number }>();
  private readonly tokensByUser = new Map<string, Set<string>>();
  private enabledNow = false;
  private generationNow = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** Whether values may be served and kept (a LISTEN is in place and the TTL is not 0). */
  get enabled(): boolean {
    return this.enabledNow && this.ttlMs > 0;
  }

  /** Bumped by every change heard; pass the value read before a lookup to `remember`. */
  get generation(): number {
    return this.generationNow;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The session for this token while it is live; undefined when not cached (look it up). */
  find(token: string, now = Date.now()): LiveSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now || entry.value.session.expiresAt.getTime() <= now) {
      this.forgetToken(token);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a session read from the database, unless a change was heard since `generation`. */
  remember(token: string, value: LiveSession, generation: number, now = Date.now()): void {
    if (!this.enabled || generation !== this.generationNow) return;
    if (!this.entries.has(token) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.forgetToken(oldest);
    }
    this.entries.set(token, { value, until: now + this.ttlMs });
    let tokens = this.tokensByUser.get(value.user.id);
    if (!tokens) {
      tokens = new Set();
      this.tokensByUser.set(value.user.id, tokens);
    }
    tokens.add(token);
  }

  forgetToken(token: string): void {
    const entry = this.entries.get(token);
    if (!entry) return;
    this.entries.delete(token);
    const tokens = this.tokensByUser.get(entry.value.user.id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensByUser.delete(entry.value.user.id);
  }

  /** Drops every session of this token's user (or the token alone) and refuses racing lookups. */
  forgetCaller(token: string): void {
    this.generationNow += 1;
    const userId = this.entries.get(token)?.value.user.id;
    if (userId) this.forgetUser(userId);
    else this.forgetToken(token);
  }

  forgetUser(userId: string): void {
    for (const token of this.tokensByUser.get(userId) ?? []) this.entries.delete(token);
    this.tokensByUser.delete(userId);
  }

  clear(): void {
    this.entries.clear();
    this.tokensByUser.clear();
  }

  /**
   * Others that hold something per session (the notification sockets) hear the same messages.
   * Answers the function that stops listening.
   */
  onChange(listener: IdentityChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private tell(payload: string): void {
    for (const listener of this.changeListeners) listener(payload);
  }

  /** Applies one `identity_changed` message: `s:<token>`, `u:<user id>` or anything else (all). */
  changed(payload: string): void {
    this.generationNow += 1;
    if (payload.startsWith('s:')) this.forgetToken(payload.slice(2));
    else if (payload.startsWith('u:')) this.forgetUser(payload.slice(2));
    else this.clear();
    this.tell(payload);
  }

  /** The LISTEN is in place (again): start from nothing, since messages may have been missed. */
  listening(): void {
    this.generationNow += 1;
    this.clear();
    this.enabledNow = true;
    this.tell('all');
  }

  /** The LISTEN is gone: serve and keep nothing until it is back. */
  lost(): void {
    this.generationNow += 1;
    this.enabledNow = false;
    this.clear();
  }
}
