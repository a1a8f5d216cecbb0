import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { collectGarbageNow } from '../../lib/heap-growth';
import { cardImage } from './catalog.repository';
import { CatalogIndex, type IndexRow, type Vocabulary } from './catalog-index';

/**
 * Keeps one instance's catalog index, the only read model of the catalog's lists, searches and
 * counts, the staff list's included (docs/decisions/0027-one-catalog-read-path.md, 0038): every
 * product, hidden and archived ones too (storefront reads see only the shown ones): built whole when the LISTEN on
 * `catalog_changed` is (re)established, then refreshed product by product from the ids the NOTIFY
 * names (migration 0033). A notification without ids (a bulk import, a category, a seed) rebuilds
 * it whole. A read (`read()`) waits until the index holds every change committed before it: the
 * database's catalog version is the measure, and an index behind it with no notification coming
 * (the LISTEN lost, a rolled-back change) catches up from the database.
 */

// Small batches: each holds its products' whole documents as text until indexed.
const BATCH = 1_000;
/** How long a version ahead of the index waits for its notification before catching up. */
const CATCH_UP_MS = 1_000;
/** How long a read waits for the index (a first build at 100,000 products takes about 4 s). */
const READ_WAIT_MS = 20_000;

const indexUnavailable = () =>
  new AppError('service_unavailable', 'The catalog is being prepared. Please try again in a moment.');

const indexColumns = sql`
  p.id, p.category_id, p.product_type, p.country, p.region, p.varietal, p.vintage, p.price,
  p.original_price, p.in_stock, p.low_stock, p.stock_total, p.is_featured, p.is_new_arrival,
  CASE WHEN p.archived_at IS NOT NULL THEN 'archived' WHEN p.listed THEN 'listed' ELSE 'hidden' END AS status,
  (p.listed AND c.is_active) AS shown,
  (extract(epoch FROM p.updated_at) * 1000)::float8 AS updated_ms,
  (SELECT string_agg(v.sku, E'\n' ORDER BY v.id) FROM product_variants v WHERE v.product_id = p.id) AS skus,
  (extract(epoch FROM p.created_at) * 1000)::float8 AS created_ms,
  p.average_rating::float8 AS rating, p.review_count, p.name_folded,
  p.search_document::text AS document,
  p.slug, p.name, p.default_variant_id, c.name AS category_name, c.slug AS category_slug,
  ${cardImage} AS image`;

async function loadRows(db: Database, after: number): Promise<IndexRow[]> {
  const result = await db.execute<IndexRow>(sql`
    SELECT ${indexColumns}
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.id > ${after}
    ORDER BY p.id LIMIT ${BATCH}`);
  return result.rows;
}

async function loadRowsById(db: Database, ids: number[]): Promise<IndexRow[]> {
  const result = await db.execute<IndexRow>(sql`
    SELECT ${indexColumns}
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.id = ANY(${`{${ids.join(',')}}`}::int[])
    ORDER BY p.id`);
  return result.rows;
}

/** catalog_words, with PostgreSQL's English stems of each word and each start of one. */
export async function loadVocabulary(db: Database): Promise<Vocabulary> {
  // to_tsquery reads only plain words (or words-joined-by-hyphens) safely.
  const words = await db.execute<{ word: string; exact: string | null }>(sql`
    SELECT word,
           CASE WHEN word ~ '^[[:alnum:]]+(-[[:alnum:]]+)*$' THEN to_tsquery('english', word)::text END AS exact
    FROM catalog_words`);
  const prefixes = await db.execute<{ start: string; query: string }>(sql`
    SELECT s.start, to_tsquery('english', s.start || ':*')::text AS query
    FROM (SELECT DISTINCT left(word, n) AS start
          FROM catalog_words, generate_series(3, length(word)) n
          WHERE left(word, n) ~ '^[[:alnum:]]+$') s`);
  return {
    words: words.rows.map((row) => row.word),
    exact: new Map(words.rows.map((row) => [row.word, row.exact])),
    prefixes: new Map(prefixes.rows.map((row) => [row.start, row.query])),
  };
}

/** The catalog's version now (the sequence every change advances, migration 0033). */
export async function catalogVersion(db: Database): Promise<number> {
  const result = await db.execute<{ version: number }>(
    sql`SELECT last_value::float8 AS version FROM catalog_version`,
  );
  return result.rows[0]!.version;
}

/** A whole index, read in batches by id. */
export async function buildCatalogIndex(db: Database): Promise<CatalogIndex> {
  const index = new CatalogIndex();
  // Read first: a change after it has a later version, and its notification is applied after.
  index.version = await catalogVersion(db);
  index.setVocabulary(await loadVocabulary(db));
  let after = 0;
  for (;;) {
    const rows = await loadRows(db, after);
    if (rows.length === 0) break;
    index.append(rows);
    after = rows[rows.length - 1]!.id;
    if (rows.length < BATCH) break;
  }
  index.finish();
  return index;
}

/** Re-reads the named products: changed ones are updated, deleted ones removed. */
export async function refreshProducts(db: Database, index: CatalogIndex, ids: number[]): Promise<void> {
  const rows = await loadRowsById(db, ids);
  const seen = new Set<number>();
  let textChanged = false;
  for (const row of rows) {
    seen.add(row.id);
    if (index.upsert(row).textChanged) textChanged = true;
  }
  for (const id of ids) if (!seen.has(id)) index.remove(id);
  // New words reach catalog_words by trigger; the corrections must know them.
  if (textChanged) index.setVocabulary(await loadVocabulary(db));
}

type Log = { warn: (message: string) => void; info?: (message: string) => void };

/**
 * What a `catalog_changed` payload ("products:12,57@1043") says: the products it names (null: all
 * may have changed) and the catalog's version after it.
 */
export function parseChange(payload: string): { ids: number[] | null; version?: number } {
  const at = /^(.*)@(\d+)$/.exec(payload);
  const what = at ? at[1]! : payload;
  const version = at ? Number(at[2]) : undefined;
  // product_images name the products whose images changed (migration 0034): the cards show the first.
  const match = /^(?:products|product_variants|product_images):(\d+(?:,\d+)*)$/.exec(what);
  return { ids: match ? match[1]!.split(',').map(Number) : null, version };
}

export class CatalogIndexKeeper {
  private index: CatalogIndex | null = null;
  /** Notifications heard and not yet applied (a refresh or a rebuild queued). */
  private pending = 0;
  /** Queued steps whose changes carry no version (reads wait for them all). */
  private blocking = 0;
  /** A refresh or build failed: some change may be missing, only a whole build catches up. */
  private stale = false;
  private listening = false;
  private closed = false;
  private chain: Promise<void> = Promise.resolve();
  private rebuildQueued = false;
  private retryMs = 1_000;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: Log,
  ) {}

  /**
   * The index when it answers without waiting: built, and no change queued whose version is
   * unknown (a manual invalidation). Readiness reports it.
   */
  current(): CatalogIndex | null {
    return this.blocking === 0 ? this.index : null;
  }

  /** Reads answered at once (hits) and reads that had to wait for the index (misses), for /metrics. */
  hits = 0;
  misses = 0;

  /** An index is held (it may be rebuilding): the instance can answer catalog reads. */
  get built(): boolean {
    return this.index !== null;
  }

  /** Products the index holds (positions in use), 0 before it is built. */
  get size(): number {
    return this.index?.size ?? 0;
  }

  /**
   * The index holding every change committed before this call: the database's version is read
   * (one query shared by the reads of the moment, sent after this call) and the read waits, if
   * need be, for the index to reach it. 503 when it cannot within READ_WAIT_MS.
   */
  async read(): Promise<CatalogIndex> {
    const index = this.current();
    const wanted = await this.versionNow();
    if (index && index === this.current() && index.version >= wanted) {
      this.hits += 1;
      return index;
    }
    this.misses += 1;
    return this.reach(wanted);
  }

  /** Waits until the index holds the database's current version (a writer before it answers). */
  async caughtUp(): Promise<void> {
    await this.reach(await this.versionNow());
  }

  private async reach(wanted: number): Promise<CatalogIndex> {
    const deadline = Date.now() + READ_WAIT_MS;
    let behindSince: number | undefined;
    for (;;) {
      if (this.closed) throw indexUnavailable();
      const index = this.current();
      // A version is only taken after its changes are in (refreshes, whole builds read it first).
      if (index && index.version >= wanted) return index;
      const now = Date.now();
      if (now >= deadline) throw indexUnavailable();
      if (index && this.pending === 0) {
        // Behind, nothing queued: the notification is on its way, or none will come.
        behindSince ??= now;
        if (!this.listening || this.stale || now - behindSince >= CATCH_UP_MS) {
          this.catchUp();
          behindSince = undefined;
        }
      } else behindSince = undefined;
      await this.nextStep(Math.min(deadline - now, CATCH_UP_MS / 4));
    }
  }

  /**
   * No notification will bring the index to the database's version. With the LISTEN lost (or a
   * refresh failed) the changes are unknown: the index is built again. With it up and nothing queued, the version was
   * taken by a change rolled back (it advances the sequence and notifies nothing): the index takes
   * the database's version.
   */
  private catchUp() {
    if (!this.listening || this.stale) {
      this.rebuild();
      return;
    }
    this.enqueue(async () => {
      const index = this.index;
      if (!index) return;
      const version = await catalogVersion(this.db);
      if (this.pending === 1 && version > index.version) index.version = version;
    });
  }

  private readonly waiting = new Set<() => void>();

  /** Resolves when a queued step ends or the LISTEN changes, or after `ms`. */
  private nextStep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(ms, 1));
      this.waiting.add(done);
    });
  }

  private wake() {
    for (const done of [...this.waiting]) done();
  }

  private versionInflight: Promise<number> | null = null;
  private versionNext: Promise<number> | null = null;

  /**
   * The database's catalog version, read after this call (so a change committed before it is
   * seen). Callers at the same time share one query: at most one is running and one waiting.
   */
  versionNow(): Promise<number> {
    if (!this.versionInflight) {
      this.versionInflight = catalogVersion(this.db).finally(() => {
        this.versionInflight = null;
      });
      return this.versionInflight;
    }
    if (!this.versionNext) {
      this.versionNext = this.versionInflight
        .catch(() => undefined)
        .then(() => {
          this.versionNext = null;
          return this.versionNow();
        });
    }
    return this.versionNext;
  }

  /** Resolves once every queued refresh and rebuild has run (tests, start-up). */
  settled(): Promise<void> {
    return this.chain;
  }

  /** A `catalog_changed` notification (or 'listening' after a (re)connection). */
  onChange(payload: string) {
    if (this.closed) return;
    if (payload === 'listening') {
      // Changes may have been missed: a whole build. The index answers meanwhile as far as its
      // version goes (a read asking for a later one waits).
      this.listening = true;
      this.rebuild();
      this.wake();
      return;
    }
    const { ids, version } = parseChange(payload);
    // Without a version, nothing tells a read what it misses: reads wait for the rebuild.
    if (ids === null || this.index === null) this.rebuild(version === undefined);
    this.enqueue(async () => {
      const index = this.index;
      if (!index) return;
      // After a rebuild queued before this, the refresh is redundant but harmless.
      if (Array.isArray(ids)) await refreshProducts(this.db, index, ids);
      if (version !== undefined && version > index.version) index.version = version;
    });
  }

  /** The LISTEN connection failed: notifications may be missed until it is back (then rebuilt). */
  onLost() {
    this.listening = false;
    this.wake();
  }

  /** Dropped by invalidateCatalogCache(): a whole rebuild, reads waiting for it. */
  clear() {
    this.rebuild(true);
  }

  close() {
    this.closed = true;
    this.index = null;
    clearTimeout(this.retryTimer);
    this.wake();
  }

  /** A whole build, queued once; `blocking`: reads wait for it whatever their version. */
  private rebuild(blocking = false) {
    if (!this.rebuildQueued) this.queueRebuild();
    if (blocking) {
      // Ends after the rebuild queued (not yet started) above or before.
      this.blocking++;
      this.enqueue(
        async () => undefined,
        () => this.blocking--,
      );
    }
  }

  private queueRebuild() {
    this.rebuildQueued = true;
    this.enqueue(async () => {
      this.rebuildQueued = false;
      const started = Date.now();
      const index = await buildCatalogIndex(this.db);
      if (this.closed) return;
      this.index = index;
      this.stale = false;
      this.retryMs = 1_000;
      // A large build leaves tens of MB of read documents behind: return them to the system now.
      if (index.productCount >= 10_000) collectGarbageNow();
      this.log.info?.(`catalog index: ${index.productCount} products in ${Date.now() - started} ms`);
    });
  }

  private enqueue(step: () => Promise<void>, after?: () => void) {
    this.pending++;
    this.chain = this.chain
      .then(step)
      .catch((error: unknown) => {
        // The index keeps answering reads up to its version; later ones wait for a whole build.
        this.stale = true;
        this.rebuildQueued = false;
        const cause = (error as Error & { cause?: Error }).cause?.message;
        this.log.warn(`catalog index not refreshed: ${cause ?? (error as Error).message}`);
        // Tried again a little later (a database coming back), growing to 30 s.
        if (!this.closed && !this.retryTimer) {
          this.retryTimer = setTimeout(() => {
            this.retryTimer = undefined;
            if (!this.index || this.stale) this.rebuild();
          }, this.retryMs);
          this.retryTimer.unref();
          this.retryMs = Math.min(this.retryMs * 2, 30_000);
        }
      })
      .finally(() => {
        this.pending--;
        after?.();
        this.wake();
      });
  }
}
