import crypto from 'node:crypto';
import type pg from 'pg';
import type { Backoff } from '../../db/backoff';
import { type ChannelListener, listenToChannel } from '../../lib/pg-listener';

/**
 * The server's cache of hot catalog answers: each is kept serialized, with its ETag, for a short
 * time, keyed by the normalized query. Any change to the catalog drops every entry: the
 * database NOTIFYs `catalog_changed` on every write (triggers), and each instance LISTENs.
 */

export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

/** How long an answer is served from memory at most (changes drop it sooner). */
export const CATALOG_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;
/**
 * The text kept at most, in characters of the answers' JSON (their compressed forms add about a
 * fifth): 4 MB, about 550 list pages of 12 cards, or many more product pages. A crawler's pages
 * asked twice (kept from their second ask) otherwise filled the 2,000 entries with 14 MB of text
 * and as much again of compressed copies, which no one asked for a third time.
 */
const MAX_CHARACTERS = 4 * 1024 * 1024;
/** Slots of the record of keys asked once (a 32-bit hash each): 64 KB. */
const ASKED_ONCE_SLOTS = 16_384;

/** FNV-1a of the key, never 0 (an empty slot). */
function keyHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0 || 1;
}

export type CachedAnswer<T = unknown> = {
  value: T;
  body: string;
  etag: string;
  /** Compressed forms of the body, made on first use (see lib/http-cache). */
  encoded?: { br?: Buffer; gzip?: Buffer };
  /** Not kept: made for the requests of the moment only (compressed quickly, see lib/http-cache). */
  once?: boolean;
};

export function etagFor(body: string): string {
  // The one-shot crypto.hash: no Hash object (a stream with a native handle) for every answer.
  return `W/"${crypto.hash('sha1', body, 'base64url').slice(0, 27)}"`;
}

export class CatalogCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; expires: number }>();
  private readonly inflight = new Map<string, Promise<CachedAnswer>>();
  /** Hashes of keys asked once, by slot; forgotten every TTL and on every change. */
  private readonly askedOnce = new Uint32Array(ASKED_ONCE_SLOTS);
  private askedOnceSince = Date.now();
  private generation = 0;
  /** The kept answers' body characters. */
  private characters = 0;
  /** Lookups answered from the cache (or joined to one loading) and loaded: running totals, for /metrics. */
  hits = 0;
  misses = 0;

  constructor(
    private readonly ttlMs = CATALOG_CACHE_TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxCharacters = MAX_CHARACTERS,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** The characters of the bodies kept (at most the cache's `maxCharacters`). */
  get keptCharacters() {
    return this.characters;
  }

  /**
   * The cached answer for `key`, or `load`'s (once, however many ask at the same time). An
   * answer loaded while the catalog changed is served to its callers but not kept.
   */
  get<T>(
    key: string,
    load: () => Promise<T>,
    options: {
      /**
       * Keep only the JSON: `value` is parsed again if asked. For plain-JSON answers rarely read
       * as objects (list and search pages): 2,000 pages of cards otherwise stay in the heap as
       * objects beside their text, for the collector to trace.
       */
      valueOnDemand?: boolean;
      /**
       * Keep the answer only when its key was asked before, within the TTL. For pages that may be
       * asked once and never again (a crawler walking every page, each visitor's own search): kept,
       * they would push the hot pages out, and live on in the heap for nothing. A hot page is kept
       * from its second ask.
       */
      keepWhenAskedAgain?: boolean;
      /** The value is text to send as it is (a page's HTML): its body, with no JSON copy beside it. */
      text?: boolean;
    } = {},
  ): Promise<CachedAnswer<T>> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) {
      this.hits += 1;
      return Promise.resolve(hit.answer as CachedAnswer<T>);
    }
    const pending = this.inflight.get(key);
    if (pending) {
      this.hits += 1;
      return pending as Promise<CachedAnswer<T>>;
    }
    this.misses += 1;

    const generation = this.generation;
    const promise = load().then((value) => {
      const body = options.text ? String(value) : JSON.stringify(value);
      const answer: CachedAnswer<T> = options.valueOnDemand
        ? {
            get value() {
              return JSON.parse(body) as T;
            },
            body,
            etag: etagFor(body),
          }
        : { value, body, etag: etagFor(body) };
      if (
        generation === this.generation &&
        body.length <= this.maxCharacters &&
        (!options.keepWhenAskedAgain || this.askedBefore(key))
      ) {
        this.keep(key, answer);
      } else answer.once = true;
      return answer;
    });
    this.inflight.set(key, promise);
    const forget = () => {
      if (this.inflight.get(key) === promise) this.inflight.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  /** Keeps `answer`, dropping the oldest answers while the entries or their text would be too many. */
  private keep(key: string, answer: CachedAnswer) {
    this.drop(key);
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.maxEntries || this.characters + answer.body.length > this.maxCharacters)
    ) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, { answer, expires: Date.now() + this.ttlMs });
    this.characters += answer.body.length;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.characters -= entry.answer.body.length;
  }

  /** Whether `key` was asked before (since the record was last forgotten); records it if not. */
  private askedBefore(key: string): boolean {
    const now = Date.now();
    if (now - this.askedOnceSince > this.ttlMs) {
      this.askedOnce.fill(0);
      this.askedOnceSince = now;
    }
    const hash = keyHash(key);
    const slot = hash % ASKED_ONCE_SLOTS;
    if (this.askedOnce[slot] === hash) return true;
    this.askedOnce[slot] = hash;
    return false;
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.characters = 0;
    this.askedOnce.fill(0);
    this.inflight.clear();
  }
}

const caches = new Set<Pick<CatalogCache, 'clear'>>();

/** A cache (or the catalog index) that invalidateCatalogCache() drops. */
export function registerCatalogCache(cache: Pick<CatalogCache, 'clear'>): () => void {
  caches.add(cache);
  return () => caches.delete(cache);
}

/** Drops every catalog answer cached in this process. Other instances hear `catalog_changed`. */
export function invalidateCatalogCache(): void {
  for (const cache of caches) cache.clear();
}

/** Tells every instance (this one included) that the catalog changed. */
export async function notifyCatalogChanged(client: Pick<pg.ClientBase, 'query'>, what = 'catalog') {
  await client.query('SELECT pg_notify($1, $2)', [CATALOG_CHANGED_CHANNEL, what]);
}

type Log = { warn: (message: string) => void; debug?: (message: string) => void };

export type CatalogListener = Pick<ChannelListener, 'ready' | 'close'>;

/**
 * LISTENs to `catalog_changed` on a connection of its own, calling `onChange` for every
 * notification and after every (re)connection, since changes may have been missed while it
 * was down.
 */
export function listenForCatalogChanges(options: {
  connection: pg.ClientConfig;
  onChange: (reason: string) => void;
  /** The LISTEN connection failed (notifications may be missed until `onChange('listening')`). */
  onLost?: () => void;
  backoff?: Backoff;
  log: Log;
}): CatalogListener {
  const { onChange } = options;
  return listenToChannel({
    connection: options.connection,
    channel: CATALOG_CHANGED_CHANNEL,
    onNotification: (payload) => onChange(payload || 'change'),
    onListening: () => onChange('listening'),
    onLost: options.onLost,
    backoff: options.backoff,
    log: options.log,
  });
}
