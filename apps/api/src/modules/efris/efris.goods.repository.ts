import {
  EFRIS_DEFAULT_UNIT,
  type EfrisDictionaryQuery,
  type EfrisGoodsQuery,
  type EfrisStockQuery,
} from '@shop/contract/efris-goods';
import type { ExciseRate } from '@shop/contract/excise';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import type { EfrisCommodityCategoryRecord, EfrisExciseCodeRecord } from './efris.goods.client';

/**
 * The SQL of EFRIS goods (decision 0033): the dictionaries, the mappings, each size's registration
 * record (`efris_goods`) and each received movement's report (`efris_stock_increases`), claimed
 * as the documents are (decision 0024: `FOR UPDATE SKIP LOCKED`, a lease as the write token).
 */

const offset = (query: { page: number; page_size: number }) => (query.page - 1) * query.page_size;

/** A name search by words (trigram index) or a code by its start (pattern index). */
function dictionaryWhere(search: string | undefined): SQL {
  if (!search) return sql`TRUE`;
  if (/^\d+$/.test(search) || /^[A-Z]{2,}\d/.test(search)) return sql`code LIKE ${`${search}%`}`;
  return sql`name ILIKE ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

// ── Dictionaries ──────────────────────────────────────────────────────────────────────────────

export async function upsertCommodityCategories(db: Executor, records: EfrisCommodityCategoryRecord[]) {
  for (let start = 0; start < records.length; start += 500) {
    const chunk = records.slice(start, start + 500);
    await db.execute(sql`
      INSERT INTO efris_commodity_categories (code, name, parent_code, level, is_leaf, rate, excisable, refreshed_at)
      SELECT * , now() FROM jsonb_to_recordset(${JSON.stringify(
        chunk.map((r) => ({
          code: r.code,
          name: r.name,
          parent_code: r.parentCode,
          level: r.level,
          is_leaf: r.isLeaf,
          rate: r.rate,
          excisable: r.excisable,
        })),
      )}::jsonb) AS x(code text, name text, parent_code text, level int, is_leaf boolean, rate text, excisable boolean)
      ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, parent_code = EXCLUDED.parent_code,
        level = EXCLUDED.level, is_leaf = EXCLUDED.is_leaf, rate = EXCLUDED.rate,
        excisable = EXCLUDED.excisable, refreshed_at = now()`);
  }
}

export async function upsertExciseCodes(db: Executor, records: EfrisExciseCodeRecord[]) {
  if (records.length === 0) return;
  await db.execute(sql`
    INSERT INTO efris_excise_codes (code, name, rate_text, unit, rates, refreshed_at)
    SELECT *, now() FROM jsonb_to_recordset(${JSON.stringify(
      records.map((r) => ({
        code: r.code,
        name: r.name,
        rate_text: r.rateText,
        unit: r.unit,
        rates: r.rates,
      })),
    )}::jsonb) AS x(code text, name text, rate_text text, unit text, rates jsonb)
    ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, rate_text = EXCLUDED.rate_text,
      unit = EXCLUDED.unit, rates = EXCLUDED.rates, refreshed_at = now()`);
}

export async function searchCommodityCategories(db: Executor, query: EfrisDictionaryQuery) {
  const where = dictionaryWhere(query.search);
  const [rows, count] = await Promise.all([
    db.execute<{
      code: string;
      name: string;
      parent_code: string | null;
      is_leaf: boolean;
      rate: string | null;
    }>(
      sql`SELECT code, name, parent_code, is_leaf, rate FROM efris_commodity_categories WHERE ${where}
           ORDER BY code LIMIT ${query.page_size} OFFSET ${offset(query)}`,
    ),
    db.execute<{ count: string }>(sql`SELECT count(*) FROM efris_commodity_categories WHERE ${where}`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}

export async function searchExciseCodes(db: Executor, query: EfrisDictionaryQuery) {
  const where = dictionaryWhere(query.search);
  const [rows, count] = await Promise.all([
    db.execute<{ code: string; name: string; rate_text: string; unit: string | null }>(
      sql`SELECT code, name, rate_text, unit FROM efris_excise_codes WHERE ${where}
           ORDER BY code LIMIT ${query.page_size} OFFSET ${offset(query)}`,
    ),
    db.execute<{ count: string }>(sql`SELECT count(*) FROM efris_excise_codes WHERE ${where}`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}

/** Which of the codes are missing (the commodity code must also be a leaf). */
export async function unknownCodes(
  db: Executor,
  commodityCode: string,
  exciseCode: string | null,
): Promise<{ commodity: 'ok' | 'missing' | 'not_leaf'; excise: boolean; excisable: boolean }> {
  const result = await db.execute<{
    is_leaf: boolean | null;
    excise: boolean;
    excisable: boolean | null;
  }>(sql`
    SELECT (SELECT is_leaf FROM efris_commodity_categories WHERE code = ${commodityCode}) AS is_leaf,
           (SELECT excisable FROM efris_commodity_categories WHERE code = ${commodityCode}) AS excisable,
           ${exciseCode === null ? sql`TRUE` : sql`EXISTS (SELECT 1 FROM efris_excise_codes WHERE code = ${exciseCode})`} AS excise`);
  const row = result.rows[0];
  return {
    commodity:
      row?.is_leaf === null || row?.is_leaf === undefined ? 'missing' : row.is_leaf ? 'ok' : 'not_leaf',
    excise: row?.excise === true,
    excisable: row?.excisable === true,
  };
}

// ── Mappings ──────────────────────────────────────────────────────────────────────────────────

export type MappingInput = { commodityCode: string; unit: string; exciseCode: string | null };

export async function writeCategoryMapping(db: Executor, categoryId: number, m: MappingInput, by: string) {
  await db.execute(sql`
    INSERT INTO efris_category_mappings (category_id, commodity_code, unit, excise_code, updated_by_id)
    VALUES (${categoryId}, ${m.commodityCode}, ${m.unit}, ${m.exciseCode}, ${by})
    ON CONFLICT (category_id) DO UPDATE SET commodity_code = EXCLUDED.commodity_code, unit = EXCLUDED.unit,
      excise_code = EXCLUDED.excise_code, updated_by_id = EXCLUDED.updated_by_id, updated_at = now()`);
}

export async function writeVariantMapping(
  db: Executor,
  variantId: number,
  m: MappingInput | null,
  by: string,
) {
  if (m === null) {
    await db.execute(sql`DELETE FROM efris_variant_mappings WHERE variant_id = ${variantId}`);
    return;
  }
  await db.execute(sql`
    INSERT INTO efris_variant_mappings (variant_id, commodity_code, unit, excise_code, updated_by_id)
    VALUES (${variantId}, ${m.commodityCode}, ${m.unit}, ${m.exciseCode}, ${by})
    ON CONFLICT (variant_id) DO UPDATE SET commodity_code = EXCLUDED.commodity_code, unit = EXCLUDED.unit,
      excise_code = EXCLUDED.excise_code, updated_by_id = EXCLUDED.updated_by_id, updated_at = now()`);
}

export async function categoryExists(db: Executor, categoryId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM categories WHERE id = ${categoryId}`);
  return result.rows.length === 1;
}

export async function variantExists(db: Executor, variantId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM product_variants WHERE id = ${variantId}`);
  return result.rows.length === 1;
}

/**
 * Each size's mapping in effect: its own, else its category's, else the settings' commodity code
 * with the unit the invoices have always sent. The one place the rule is written.
 */
const effective = sql`
  SELECT v.id AS variant_id, v.sku, v.name AS variant_name, p.name AS product_name, p.category_id,
         c.name AS category_name, v.price, v.retired_at,
         CASE WHEN vm.variant_id IS NOT NULL THEN 'size' WHEN cm.category_id IS NOT NULL THEN 'category'
              ELSE 'default' END AS mapping_source,
         COALESCE(vm.commodity_code, cm.commodity_code, s.commodity_code) AS commodity_code,
         COALESCE(vm.unit, cm.unit, ${EFRIS_DEFAULT_UNIT}) AS unit,
         CASE WHEN vm.variant_id IS NOT NULL THEN vm.excise_code ELSE cm.excise_code END AS excise_code
    FROM product_variants v
    JOIN products p ON p.id = v.product_id
    LEFT JOIN categories c ON c.id = p.category_id
    LEFT JOIN efris_variant_mappings vm ON vm.variant_id = v.id
    LEFT JOIN efris_category_mappings cm ON cm.category_id = p.category_id
    LEFT JOIN efris_settings s ON s.id = 1`;

/**
 * The registration records of the sizes `which` selects (over `effective`, aliased `e`), made or
 * brought in line with the mapping in effect: a changed mapping puts a record back to `pending`
 * (attempts afresh), unless it is what URA already holds. Answers the sizes now pending.
 */
export async function syncGoods(db: Executor, which: SQL): Promise<number[]> {
  const result = await db.execute<{ variant_id: number; state: string }>(sql`
    INSERT INTO efris_goods (variant_id, goods_code, commodity_code, unit, excise_code)
    SELECT e.variant_id, e.sku, e.commodity_code, e.unit, e.excise_code FROM (${effective}) e
     WHERE e.commodity_code IS NOT NULL AND (${which})
    ON CONFLICT (variant_id) DO UPDATE SET goods_code = EXCLUDED.goods_code,
      commodity_code = EXCLUDED.commodity_code, unit = EXCLUDED.unit, excise_code = EXCLUDED.excise_code,
      state = CASE WHEN (efris_goods.registered_commodity_code, efris_goods.registered_unit, efris_goods.registered_excise_code)
                        IS NOT DISTINCT FROM (EXCLUDED.commodity_code, EXCLUDED.unit, EXCLUDED.excise_code)
                   THEN 'registered'::efris_goods_state ELSE 'pending'::efris_goods_state END,
      attempts = 0, next_attempt_at = now(), last_error = NULL, last_return_code = NULL, updated_at = now()
     WHERE (efris_goods.goods_code, efris_goods.commodity_code, efris_goods.unit, efris_goods.excise_code)
           IS DISTINCT FROM (EXCLUDED.goods_code, EXCLUDED.commodity_code, EXCLUDED.unit, EXCLUDED.excise_code)
    RETURNING variant_id, state`);
  return result.rows.filter((row) => row.state === 'pending').map((row) => row.variant_id);
}

export const sizesOfCategory = (categoryId: number) => sql`e.category_id = ${categoryId}`;
export const sizesIn = (variantIds: number[]) =>
  sql`e.variant_id = ANY(${`{${variantIds.map(Number).join(',')}}`}::int[])`;
/** Sizes on sale with no record yet (the sweep registers the catalogue, a few at a time). */
export const unregisteredSizes = (limit: number) =>
  sql`e.retired_at IS NULL AND e.variant_id IN (
        SELECT v.id FROM product_variants v WHERE v.retired_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM efris_goods g WHERE g.variant_id = v.id) ORDER BY v.id LIMIT ${limit})`;

export type ClaimedGood = {
  variant_id: number;
  goods_code: string;
  commodity_code: string;
  unit: string;
  excise_code: string | null;
  attempts: number;
  claimed_until: string;
  /** URA holds it already (registered before): a change is sent as a modification. */
  known_to_ura: boolean;
  maybe_registered: boolean;
  goods_name: string;
  price: number;
};

export async function claimGood(
  db: Database,
  variantId: number,
  leaseSeconds: number,
): Promise<ClaimedGood | null> {
  const result = await db.execute<ClaimedGood>(sql`
    WITH claimable AS (
      SELECT variant_id FROM efris_goods
       WHERE variant_id = ${variantId} AND state = 'pending' AND (claimed_until IS NULL OR claimed_until < now())
       FOR UPDATE SKIP LOCKED),
    claimed AS (
      UPDATE efris_goods g SET claimed_until = now() + make_interval(secs => ${leaseSeconds}),
             attempts = g.attempts + 1, updated_at = now()
        FROM claimable WHERE g.variant_id = claimable.variant_id
      RETURNING g.*)
    SELECT claimed.variant_id, claimed.goods_code, claimed.commodity_code, claimed.unit, claimed.excise_code,
           claimed.attempts, claimed.claimed_until, claimed.registered_commodity_code IS NOT NULL AS known_to_ura,
           claimed.registration_started_at IS NOT NULL AS maybe_registered,
           trim(p.name || ' ' || v.name) AS goods_name, v.price
      FROM claimed JOIN product_variants v ON v.id = claimed.variant_id JOIN products p ON p.id = v.product_id`);
  return result.rows[0] ?? null;
}

const ourGood = (claim: ClaimedGood) =>
  sql`variant_id = ${claim.variant_id} AND claimed_until = ${claim.claimed_until} AND state = 'pending'`;

export async function markRegistrationStarted(db: Database, claim: ClaimedGood): Promise<boolean> {
  const result = await db.execute(
    sql`UPDATE efris_goods SET registration_started_at = now(), updated_at = now() WHERE ${ourGood(claim)}`,
  );
  return (result.rowCount ?? 0) === 1;
}

/** URA holds what was sent; `registered` unless the mapping changed meanwhile (then sent again). */
export async function recordRegistered(db: Database, claim: ClaimedGood): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE efris_goods SET registered_commodity_code = ${claim.commodity_code}, registered_unit = ${claim.unit},
           registered_excise_code = ${claim.excise_code}, registration_started_at = NULL, claimed_until = NULL,
           state = CASE WHEN (commodity_code, unit, excise_code) IS NOT DISTINCT FROM
                             (${claim.commodity_code}::text, ${claim.unit}::text, ${claim.excise_code}::text)
                        THEN 'registered'::efris_goods_state ELSE 'pending'::efris_goods_state END,
           registered_at = now(), last_error = NULL, last_return_code = NULL, attempts = 0, next_attempt_at = now(),
           updated_at = now()
     WHERE ${ourGood(claim)}`);
  return (result.rowCount ?? 0) === 1;
}

export async function recordGoodFailure(
  db: Database,
  claim: ClaimedGood,
  outcome: { failed: boolean; error: string; returnCode: string | null; retryInSeconds: number },
): Promise<void> {
  await db.execute(sql`
    UPDATE efris_goods SET state = ${outcome.failed ? 'failed' : 'pending'}, last_error = ${outcome.error},
           last_return_code = ${outcome.returnCode}, claimed_until = NULL,
           next_attempt_at = now() + make_interval(secs => ${outcome.retryInSeconds}), updated_at = now()
     WHERE ${ourGood(claim)}`);
}

export async function dueGoodIds(db: Executor, limit: number): Promise<number[]> {
  const result = await db.execute<{ variant_id: number }>(sql`
    SELECT variant_id FROM efris_goods
     WHERE state = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
     ORDER BY next_attempt_at, variant_id LIMIT ${limit}`);
  return result.rows.map((row) => row.variant_id);
}

/** What URA holds of each size (null: not registered as it is mapped now). */
/** A size as URA holds it, with what its invoice lines need: the excise duty of its code. */
export type RegisteredGood = {
  state: string;
  commodityCode: string;
  unit: string;
  exciseCode: string | null;
  /** The code's name and rates as URA last stated them (T125); null without a code. */
  excise: { name: string; rates: ExciseRate[] } | null;
  /** URA's category says the good attracts excise (T124). */
  excisable: boolean;
  sku: string;
  volumeMl: number;
};

export async function registeredGoods(
  db: Executor,
  variantIds: number[],
): Promise<Map<number, RegisteredGood>> {
  const result = await db.execute<{
    variant_id: number;
    state: string;
    registered_commodity_code: string | null;
    registered_unit: string | null;
    registered_excise_code: string | null;
    excise_name: string | null;
    excise_rates: ExciseRate[] | null;
    excisable: boolean | null;
    sku: string;
    volume_ml: number;
  }>(sql`SELECT g.variant_id, g.state, g.registered_commodity_code, g.registered_unit, g.registered_excise_code,
                x.name AS excise_name, x.rates AS excise_rates, c.excisable, v.sku, v.volume_ml
           FROM efris_goods g
           JOIN product_variants v ON v.id = g.variant_id
           LEFT JOIN efris_excise_codes x ON x.code = g.registered_excise_code
           LEFT JOIN efris_commodity_categories c ON c.code = g.registered_commodity_code
          WHERE g.variant_id = ANY(${`{${variantIds.map(Number).join(',')}}`}::int[])`);
  return new Map(
    result.rows.map((row) => [
      row.variant_id,
      {
        state: row.state,
        commodityCode: row.registered_commodity_code ?? '',
        unit: row.registered_unit ?? '',
        exciseCode: row.registered_excise_code,
        excise:
          row.registered_excise_code === null
            ? null
            : { name: row.excise_name ?? '', rates: row.excise_rates ?? [] },
        excisable: row.excisable === true,
        sku: row.sku,
        volumeMl: row.volume_ml,
      },
    ]),
  );
}

export async function requeueGood(
  db: Executor,
  variantId: number,
): Promise<'requeued' | 'not_failed' | 'missing'> {
  const result = await db.execute<{ state: string; updated: string }>(sql`
    WITH target AS (SELECT variant_id, state FROM efris_goods WHERE variant_id = ${variantId} FOR UPDATE),
    updated AS (
      UPDATE efris_goods g SET state = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
        FROM target WHERE g.variant_id = target.variant_id AND target.state = 'failed' RETURNING g.variant_id)
    SELECT target.state, (SELECT count(*) FROM updated) AS updated FROM target`);
  const row = result.rows[0];
  if (!row) return 'missing';
  return Number(row.updated) === 1 ? 'requeued' : 'not_failed';
}

/** A document waiting for its goods: not an attempt of its own (its claim given back). */
export async function recordDocumentWaiting(
  db: Database,
  claim: { id: number; claimed_until: string },
  message: string,
  retryInSeconds: number,
): Promise<void> {
  await db.execute(sql`
    UPDATE efris_documents SET last_error = ${message}, last_return_code = NULL, claimed_until = NULL,
           attempts = greatest(attempts - 1, 0), next_attempt_at = now() + make_interval(secs => ${retryInSeconds}),
           updated_at = now()
     WHERE id = ${claim.id} AND claimed_until = ${claim.claimed_until} AND state = 'pending'`);
}

export type GoodListRow = {
  variant_id: number;
  sku: string;
  product_name: string;
  variant_name: string;
  category_name: string | null;
  mapping_source: 'size' | 'category' | 'default';
  commodity_code: string | null;
  commodity_name: string | null;
  unit: string;
  excise_code: string | null;
  excise_name: string | null;
  state: 'pending' | 'registered' | 'failed' | null;
  attempts: number | null;
  last_error: string | null;
  last_return_code: string | null;
  registered_at: Date | null;
  next_attempt_at: Date | null;
};

export async function listGoods(db: Executor, query: EfrisGoodsQuery) {
  const conditions: SQL[] = [sql`e.retired_at IS NULL`];
  if (query.state) conditions.push(sql`g.state = ${query.state}`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(e.sku ILIKE ${like} OR e.product_name ILIKE ${like})`);
  }
  const where = sql.join(conditions, sql` AND `);
  const from = sql`(${effective}) e LEFT JOIN efris_goods g ON g.variant_id = e.variant_id`;
  const [rows, count] = await Promise.all([
    db.execute<GoodListRow>(sql`
      SELECT e.variant_id, e.sku, e.product_name, e.variant_name, e.category_name, e.mapping_source,
             e.commodity_code, cc.name AS commodity_name, e.unit, e.excise_code, ec.name AS excise_name,
             g.state, g.attempts, g.last_error, g.last_return_code, g.registered_at, g.next_attempt_at
        FROM ${from}
        LEFT JOIN efris_commodity_categories cc ON cc.code = e.commodity_code
        LEFT JOIN efris_excise_codes ec ON ec.code = e.excise_code
       WHERE ${where}
       ORDER BY e.product_name, e.variant_id
       LIMIT ${query.page_size} OFFSET ${offset(query)}`),
    db.execute<{ count: string }>(sql`SELECT count(*) FROM ${from} WHERE ${where}`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}

export type CategoryMappingRow = {
  category_id: number;
  category_name: string;
  sizes: string;
  commodity_code: string | null;
  commodity_name: string | null;
  unit: string | null;
  excise_code: string | null;
  excise_name: string | null;
};

export async function listCategoryMappings(db: Executor, query: { page: number; page_size: number }) {
  const [rows, count] = await Promise.all([
    db.execute<CategoryMappingRow>(sql`
      SELECT c.id AS category_id, c.name AS category_name,
             (SELECT count(*) FROM product_variants v JOIN products p ON p.id = v.product_id
               WHERE p.category_id = c.id AND v.retired_at IS NULL) AS sizes,
             m.commodity_code, cc.name AS commodity_name, m.unit, m.excise_code, ec.name AS excise_name
        FROM categories c
        LEFT JOIN efris_category_mappings m ON m.category_id = c.id
        LEFT JOIN efris_commodity_categories cc ON cc.code = m.commodity_code
        LEFT JOIN efris_excise_codes ec ON ec.code = m.excise_code
       ORDER BY c.sort_order, c.name, c.id
       LIMIT ${query.page_size} OFFSET ${offset(query)}`),
    db.execute<{ count: string }>(sql`SELECT count(*) FROM categories`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}

// ── Stock increases ──────────────────────────────────────────────────────────────────────────

/** "Received" movements without a report, since the key was uploaded, within the last week. */
export async function insertMissingStockIncreases(db: Executor, limit: number): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO efris_stock_increases (movement_id, variant_id, quantity)
    SELECT m.id, m.variant_id, m.delta FROM stock_movements m
      JOIN efris_settings s ON s.id = 1 AND s.enabled AND s.key_uploaded_at IS NOT NULL
     WHERE m.reason = 'received' AND m.delta > 0
       AND m.created_at >= greatest(s.key_uploaded_at, now() - interval '7 days')
       AND NOT EXISTS (SELECT 1 FROM efris_stock_increases e WHERE e.movement_id = m.id)
     ORDER BY m.id LIMIT ${limit}
    ON CONFLICT (movement_id) DO NOTHING`);
  return result.rowCount ?? 0;
}

export type ClaimedStockIncrease = {
  movement_id: number;
  variant_id: number;
  quantity: number;
  attempts: number;
  claimed_until: string;
  maybe_reported: boolean;
  stock_before: number | null;
  goods_code: string;
  price: number;
};

export async function claimStockIncrease(
  db: Database,
  movementId: number,
  leaseSeconds: number,
): Promise<ClaimedStockIncrease | null> {
  const result = await db.execute<ClaimedStockIncrease>(sql`
    WITH claimable AS (
      SELECT movement_id FROM efris_stock_increases
       WHERE movement_id = ${movementId} AND state = 'pending' AND (claimed_until IS NULL OR claimed_until < now())
       FOR UPDATE SKIP LOCKED),
    claimed AS (
      UPDATE efris_stock_increases e SET claimed_until = now() + make_interval(secs => ${leaseSeconds}),
             attempts = e.attempts + 1, updated_at = now()
        FROM claimable WHERE e.movement_id = claimable.movement_id
      RETURNING e.*)
    SELECT claimed.movement_id::int AS movement_id, claimed.variant_id, claimed.quantity, claimed.attempts,
           claimed.claimed_until, claimed.report_started_at IS NOT NULL AS maybe_reported, claimed.stock_before,
           v.sku AS goods_code, v.price
      FROM claimed JOIN product_variants v ON v.id = claimed.variant_id`);
  return result.rows[0] ?? null;
}

const ourIncrease = (claim: ClaimedStockIncrease) =>
  sql`movement_id = ${claim.movement_id} AND claimed_until = ${claim.claimed_until} AND state = 'pending'`;

export async function markReportStarted(db: Database, claim: ClaimedStockIncrease, stockBefore: number) {
  const result = await db.execute(sql`
    UPDATE efris_stock_increases SET report_started_at = now(), stock_before = ${stockBefore}, updated_at = now()
     WHERE ${ourIncrease(claim)}`);
  return (result.rowCount ?? 0) === 1;
}

export async function recordReported(db: Database, claim: ClaimedStockIncrease): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE efris_stock_increases SET state = 'reported', reported_at = now(), claimed_until = NULL,
           last_error = NULL, last_return_code = NULL, updated_at = now()
     WHERE ${ourIncrease(claim)}`);
  return (result.rowCount ?? 0) === 1;
}

export async function recordStockWait(
  db: Database,
  claim: ClaimedStockIncrease,
  outcome: {
    failed: boolean;
    error: string | null;
    returnCode: string | null;
    retryInSeconds: number;
    countAttempt: boolean;
  },
): Promise<void> {
  await db.execute(sql`
    UPDATE efris_stock_increases SET state = ${outcome.failed ? 'failed' : 'pending'}, last_error = ${outcome.error},
           last_return_code = ${outcome.returnCode}, claimed_until = NULL,
           attempts = ${outcome.countAttempt ? sql`attempts` : sql`greatest(attempts - 1, 0)`},
           next_attempt_at = now() + make_interval(secs => ${outcome.retryInSeconds}), updated_at = now()
     WHERE ${ourIncrease(claim)}`);
}

export async function dueStockIncreaseIds(db: Executor, limit: number): Promise<number[]> {
  const result = await db.execute<{ movement_id: string }>(sql`
    SELECT movement_id FROM efris_stock_increases
     WHERE state = 'pending' AND next_attempt_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
     ORDER BY next_attempt_at, movement_id LIMIT ${limit}`);
  return result.rows.map((row) => Number(row.movement_id));
}

/** Staff's retry: sent afresh (staff have checked EFRIS when an answer was lost). */
export async function requeueStockIncrease(
  db: Executor,
  movementId: number,
): Promise<'requeued' | 'not_failed' | 'missing'> {
  const result = await db.execute<{ state: string; updated: string }>(sql`
    WITH target AS (SELECT movement_id, state FROM efris_stock_increases WHERE movement_id = ${movementId} FOR UPDATE),
    updated AS (
      UPDATE efris_stock_increases e SET state = 'pending', attempts = 0, next_attempt_at = now(),
             report_started_at = NULL, stock_before = NULL, updated_at = now()
        FROM target WHERE e.movement_id = target.movement_id AND target.state = 'failed' RETURNING e.movement_id)
    SELECT target.state, (SELECT count(*) FROM updated) AS updated FROM target`);
  const row = result.rows[0];
  if (!row) return 'missing';
  return Number(row.updated) === 1 ? 'requeued' : 'not_failed';
}

export type StockIncreaseListRow = {
  movement_id: string;
  variant_id: number;
  sku: string;
  product_name: string;
  variant_name: string;
  quantity: number;
  state: 'pending' | 'reported' | 'failed';
  attempts: number;
  last_error: string | null;
  last_return_code: string | null;
  reported_at: Date | null;
  created_at: Date;
};

export async function listStockIncreases(db: Executor, query: EfrisStockQuery) {
  const where = query.state ? sql`WHERE e.state = ${query.state}` : sql``;
  const [rows, count] = await Promise.all([
    db.execute<StockIncreaseListRow>(sql`
      SELECT e.movement_id, e.variant_id, v.sku, p.name AS product_name, v.name AS variant_name, e.quantity,
             e.state, e.attempts, e.last_error, e.last_return_code, e.reported_at, e.created_at
        FROM efris_stock_increases e
        JOIN product_variants v ON v.id = e.variant_id JOIN products p ON p.id = v.product_id
        ${where}
       ORDER BY e.created_at DESC, e.movement_id DESC
       LIMIT ${query.page_size} OFFSET ${offset(query)}`),
    db.execute<{ count: string }>(sql`SELECT count(*) FROM efris_stock_increases e ${where}`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}
