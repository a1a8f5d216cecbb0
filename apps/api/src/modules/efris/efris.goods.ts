import type {
  EfrisCategoryMapping,
  EfrisDictionaryQuery,
  EfrisDictionaryRefresh,
  EfrisGood,
  EfrisGoodsQuery,
  EfrisMapping,
  EfrisMappingUpdate,
  EfrisStockIncrease,
  EfrisStockQuery,
} from '@shop/contract/efris-goods';
import { exciseRatesProblem } from '@shop/contract/excise';
import { toPagedList } from '@shop/contract/pagination';
import { AppError, conflict, invalidInput, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit';
import { type EfrisClient, EfrisError, kampalaTimestamp } from './efris.client';
import {
  fetchCommodityCategories,
  fetchExciseCodes,
  findGoods,
  increaseStock,
  registerGoods,
} from './efris.goods.client';
import {
  type CategoryMappingRow,
  type ClaimedGood,
  type ClaimedStockIncrease,
  categoryExists,
  claimGood,
  claimStockIncrease,
  dueGoodIds,
  dueStockIncreaseIds,
  type GoodListRow,
  insertMissingStockIncreases,
  listCategoryMappings,
  listGoods,
  listStockIncreases,
  type MappingInput,
  markRegistrationStarted,
  markReportStarted,
  type RegisteredGood,
  recordDocumentWaiting,
  recordGoodFailure,
  recordRegistered,
  recordReported,
  recordStockWait,
  registeredGoods,
  requeueGood,
  requeueStockIncrease,
  searchCommodityCategories,
  searchExciseCodes,
  sizesIn,
  sizesOfCategory,
  syncGoods,
  unknownCodes,
  unregisteredSizes,
  upsertCommodityCategories,
  upsertExciseCodes,
  variantExists,
  writeCategoryMapping,
  writeVariantMapping,
} from './efris.goods.repository';
import { readSettings } from './efris.repository';
import { checkClockWhenDue, clientOf, type EfrisContext, retryDelaySeconds } from './efris.service';

/**
 * EFRIS goods (decision 0033): each size registered with URA (T130) once per mapping, through its
 * own record; each "received" stock movement reported (T131) once; URA's dictionaries (T124,
 * T125) kept in tables for staff to search.
 */

const leaseOf = (context: EfrisContext) => Math.ceil((context.config.EFRIS_TIMEOUT_MS * 6) / 1000) + 30;

async function enabledClient(context: EfrisContext) {
  const settings = await readSettings(context.db);
  const client = settings.enabled ? clientOf(context, settings) : null;
  return client ? { settings, client } : null;
}

// ── Dictionaries ──────────────────────────────────────────────────────────────────────────────

/** T124 and T125 into their tables (daily, and on an admin's request). */
export async function refreshDictionaries(context: EfrisContext): Promise<EfrisDictionaryRefresh> {
  const reach = await enabledClient(context);
  if (!reach)
    throw new AppError('validation_failed', 'Switch EFRIS on first.', [
      { field: 'enabled', message: 'EFRIS must be on to read its dictionaries' },
    ]);
  try {
    const categories = await fetchCommodityCategories(reach.client);
    const excise = await fetchExciseCodes(reach.client);
    await context.db.transaction(async (tx) => {
      await upsertCommodityCategories(tx, categories);
      await upsertExciseCodes(tx, excise);
    });
    return { commodity_categories: categories.length, excise_codes: excise.length };
  } catch (error) {
    if (!(error instanceof EfrisError)) throw error;
    throw new AppError('service_unavailable', `EFRIS's dictionaries could not be read: ${error.message}`);
  }
}

/** The daily job: nothing when EFRIS is off; URA's failure logged, tried again tomorrow. */
export async function refreshDictionariesDaily(context: EfrisContext): Promise<void> {
  const settings = await readSettings(context.db);
  if (!settings.enabled) return;
  try {
    const counts = await refreshDictionaries(context);
    context.log.info(counts, 'EFRIS dictionaries refreshed');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.log.warn({ message: error.message }, 'EFRIS dictionaries not refreshed');
  }
}

export async function getCommodityCategories(context: EfrisContext, query: EfrisDictionaryQuery) {
  const { rows, count } = await searchCommodityCategories(context.db, query);
  return toPagedList(rows, count, query);
}

export async function getExciseCodes(context: EfrisContext, query: EfrisDictionaryQuery) {
  const { rows, count } = await searchExciseCodes(context.db, query);
  return toPagedList(rows, count, query);
}

// ── Mappings ──────────────────────────────────────────────────────────────────────────────────

/** 422 naming the field when a code is not in URA's dictionaries (as last refreshed). */
async function checkedMapping(context: EfrisContext, update: EfrisMappingUpdate): Promise<MappingInput> {
  const known = await unknownCodes(context.db, update.commodity_code, update.excise_code);
  const fields: Array<{ field: string; message: string }> = [];
  if (known.commodity === 'missing')
    fields.push({ field: 'commodity_code', message: "is not in URA's commodity categories" });
  if (known.commodity === 'not_leaf')
    fields.push({ field: 'commodity_code', message: 'is a group: choose one of its categories' });
  if (!known.excise) fields.push({ field: 'excise_code', message: "is not in URA's excise duty codes" });
  if (known.excisable && update.excise_code === null)
    fields.push({
      field: 'excise_code',
      message: 'is needed: URA says goods of this category attract excise duty',
    });
  if (fields.length > 0) throw invalidInput(fields);
  return { commodityCode: update.commodity_code, unit: update.unit, exciseCode: update.excise_code };
}

/**
 * A category's mapping saved; its sizes' registrations brought in line (a changed one pending
 * again). Answers the sizes to register now.
 */
export async function mapCategory(
  context: EfrisContext,
  categoryId: number,
  update: EfrisMappingUpdate,
  actor: AuditActor & { id: string },
): Promise<number[]> {
  if (!(await categoryExists(context.db, categoryId))) throw notFound('Category');
  const mapping = await checkedMapping(context, update);
  return context.db.transaction(async (tx) => {
    await writeCategoryMapping(tx, categoryId, mapping, actor.id);
    await recordAudit(tx, actor, {
      kind: 'settings.efris_goods_mapping',
      subjectType: 'category',
      subjectId: String(categoryId),
      summary: `Category mapped to URA commodity ${mapping.commodityCode}, unit ${mapping.unit}${mapping.exciseCode ? `, excise ${mapping.exciseCode}` : ''}`,
    });
    return syncGoods(tx, sizesOfCategory(categoryId));
  });
}

/** A size's own mapping (null: back to its category's). Answers the sizes to register now. */
export async function mapSize(
  context: EfrisContext,
  variantId: number,
  update: EfrisMappingUpdate | null,
  actor: AuditActor & { id: string },
): Promise<number[]> {
  if (!(await variantExists(context.db, variantId))) throw notFound('Size');
  const mapping = update ? await checkedMapping(context, update) : null;
  return context.db.transaction(async (tx) => {
    await writeVariantMapping(tx, variantId, mapping, actor.id);
    await recordAudit(tx, actor, {
      kind: 'settings.efris_goods_mapping',
      subjectType: 'variant',
      subjectId: String(variantId),
      summary: mapping
        ? `Size mapped to URA commodity ${mapping.commodityCode}, unit ${mapping.unit}${mapping.exciseCode ? `, excise ${mapping.exciseCode}` : ''}`
        : "Size's own EFRIS mapping removed (its category's applies)",
    });
    return syncGoods(tx, sizesIn([variantId]));
  });
}

function mappingJson(row: {
  commodity_code: string | null;
  commodity_name: string | null;
  unit: string | null;
  excise_code: string | null;
  excise_name: string | null;
}): EfrisMapping | null {
  if (!row.commodity_code || !row.unit) return null;
  return {
    commodity_code: row.commodity_code,
    commodity_name: row.commodity_name,
    unit: row.unit,
    excise_code: row.excise_code,
    excise_name: row.excise_name,
  };
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

export async function getCategoryMappings(context: EfrisContext, query: { page: number; page_size: number }) {
  const { rows, count } = await listCategoryMappings(context.db, query);
  const json = (row: CategoryMappingRow): EfrisCategoryMapping => ({
    category_id: row.category_id,
    category_name: row.category_name,
    sizes: Number(row.sizes),
    mapping: mappingJson(row),
  });
  return toPagedList(rows.map(json), count, query);
}

export async function getGoods(context: EfrisContext, query: EfrisGoodsQuery) {
  const { rows, count } = await listGoods(context.db, query);
  const json = (row: GoodListRow): EfrisGood => ({
    variant_id: row.variant_id,
    sku: row.sku,
    product_name: row.product_name,
    variant_name: row.variant_name,
    category_name: row.category_name,
    mapping_source: row.mapping_source,
    mapping: mappingJson(row),
    state: row.state,
    attempts: row.attempts ?? 0,
    last_error: row.last_error,
    last_return_code: row.last_return_code,
    registered_at: iso(row.registered_at),
    next_attempt_at: row.state === 'pending' ? iso(row.next_attempt_at) : null,
  });
  return toPagedList(rows.map(json), count, query);
}

// ── Registration (T130) ─────────────────────────────────────────────────────────────────────

export type RegisterOutcome = 'registered' | 'retry_later' | 'failed' | 'not_claimed' | 'disabled';

function registration(claim: ClaimedGood, operationType: '101' | '102') {
  return {
    operationType,
    goodsName: claim.goods_name.slice(0, 200),
    goodsCode: claim.goods_code,
    measureUnit: claim.unit,
    unitPrice: claim.price.toFixed(2),
    currency: '101' as const,
    commodityCategoryId: claim.commodity_code,
    haveExciseTax: claim.excise_code ? ('101' as const) : ('102' as const),
    exciseDutyCode: claim.excise_code ?? '',
    description: claim.goods_name.slice(0, 1024),
    stockPrewarning: '0',
    havePieceUnit: '102' as const,
    haveOtherUnit: '102' as const,
    goodsTypeCode: '101' as const,
  };
}

/**
 * One attempt at a size's registration: claimed by this worker alone; when an earlier T130's
 * answer was lost, URA is asked first (T127) and what it holds decides; otherwise registered
 * (101), or modified (102) when URA holds an earlier mapping.
 */
export async function registerGood(
  context: EfrisContext,
  variantId: number,
  /** A retryable failure (URA down, slow) thrown on, once recorded: the caller's attempt fails with it. */
  options: { rethrow?: boolean } = {},
): Promise<RegisterOutcome> {
  const reach = await enabledClient(context);
  if (!reach) return 'disabled';
  const claim = await claimGood(context.db, variantId, leaseOf(context));
  if (!claim) return 'not_claimed';
  try {
    await checkClockWhenDue(context, reach.settings, reach.client);
    let knownToUra = claim.known_to_ura;
    if (claim.maybe_registered) {
      const held = await findGoods(reach.client, claim.goods_code);
      if (
        held &&
        held.commodityCategoryCode === claim.commodity_code &&
        held.measureUnit === claim.unit &&
        (held.exciseDutyCode || null) === claim.excise_code
      ) {
        return (await recordRegistered(context.db, claim)) ? 'registered' : 'not_claimed';
      }
      knownToUra = held !== null;
    }
    if (!(await markRegistrationStarted(context.db, claim))) return 'not_claimed';
    await registerGoods(reach.client, registration(claim, knownToUra ? '102' : '101'));
    return (await recordRegistered(context.db, claim)) ? 'registered' : 'not_claimed';
  } catch (error) {
    if (!(error instanceof EfrisError)) throw error;
    const failed = !error.retryable || claim.attempts >= context.config.EFRIS_MAX_ATTEMPTS;
    await recordGoodFailure(context.db, claim, {
      failed,
      error: error.message,
      returnCode: error.returnCode,
      retryInSeconds: retryDelaySeconds(context, claim.attempts),
    });
    context.log.warn(
      {
        variantId: claim.variant_id,
        goodsCode: claim.goods_code,
        kind: error.kind,
        returnCode: error.returnCode,
        failed,
      },
      'EFRIS did not register a good',
    );
    if (options.rethrow && !failed) throw error;
    return failed ? 'failed' : 'retry_later';
  }
}

/** Staff's retry of a failed registration. */
export async function retryGood(context: EfrisContext, variantId: number, actor: AuditActor): Promise<void> {
  await context.db.transaction(async (tx) => {
    const outcome = await requeueGood(tx, variantId);
    if (outcome === 'missing') throw notFound('EFRIS good');
    if (outcome === 'not_failed')
      throw conflict('Only a failed registration can be retried; pending ones are retried by themselves.');
    await recordAudit(tx, actor, {
      kind: 'variant.efris_retry',
      subjectType: 'variant',
      subjectId: String(variantId),
      summary: 'Registration with EFRIS sent again',
    });
  });
}

/**
 * Sizes as URA holds them, registering any size not yet registered first (its own record,
 * claimed as ever). Not ready when one still waits (another worker holds it, or URA refused it:
 * staff fix its mapping): the invoice or stock report waits for it without using an attempt of
 * its own. URA down or slow is thrown on: the attempt failed with it.
 */
export async function registeredGoodsOf(
  context: EfrisContext,
  variantIds: number[],
): Promise<{ ready: true; goods: Map<number, RegisteredGood> } | { ready: false; message: string }> {
  await syncGoods(context.db, sizesIn(variantIds));
  let held = await registeredGoods(context.db, variantIds);
  const waiting = variantIds.filter((id) => held.get(id)?.state !== 'registered');
  if (waiting.length > 0) {
    for (const id of waiting) await registerGood(context, id, { rethrow: true });
    held = await registeredGoods(context.db, variantIds);
  }
  const still = variantIds.filter((id) => held.get(id)?.state !== 'registered');
  if (still.length > 0) {
    return {
      ready: false,
      message: `Waits for ${still.length === 1 ? 'a size' : `${still.length} sizes`} to be registered with URA (see Goods)`,
    };
  }
  return { ready: true, goods: held };
}

/**
 * The goods of an invoice: registered (as above), and each excisable one with an excise duty URA
 * has given a usable rate for (decision 0043). Otherwise the invoice waits, saying which size and
 * why, rather than going to URA with the wrong tax.
 */
export async function goodsForInvoice(
  context: EfrisContext,
  variantIds: number[],
): Promise<{ ready: true; goods: Map<number, RegisteredGood> } | { ready: false; message: string }> {
  const registered = await registeredGoodsOf(context, variantIds);
  if (!registered.ready) return registered;
  const problems = variantIds.flatMap((id) => {
    const good = registered.goods.get(id);
    const problem = good ? exciseProblem(good) : null;
    return problem ? [problem] : [];
  });
  if (problems.length > 0) return { ready: false, message: `Waits for excise: ${problems.join('; ')}` };
  return registered;
}

/** Why a registered size cannot carry its excise on an invoice (null when it can). */
export function exciseProblem(good: RegisteredGood): string | null {
  if (good.exciseCode === null) {
    return good.excisable
      ? `${good.sku} is excisable (URA category ${good.commodityCode}) but has no excise duty code: map it in EFRIS › Goods`
      : null;
  }
  const problem = exciseRatesProblem(good.excise?.rates ?? []);
  return problem ? `${good.sku}'s excise duty code ${good.exciseCode}: ${problem}` : null;
}

export async function documentWaitsForGoods(
  context: EfrisContext,
  claim: { id: number; claimed_until: string },
  message: string,
): Promise<void> {
  await recordDocumentWaiting(context.db, claim, message, context.config.EFRIS_RETRY_DELAY_SECONDS);
}

// ── Stock increases (T131) ───────────────────────────────────────────────────────────────────

export type StockOutcome =
  | 'reported'
  | 'waiting_for_goods'
  | 'retry_later'
  | 'failed'
  | 'not_claimed'
  | 'disabled';

/**
 * One attempt at a received movement's report. Its size registered first (else it waits). The
 * report is sent once: EFRIS's stock of the good (T127) is kept before T131 is sent, and when the
 * answer is lost a later attempt reads it again: up by the quantity, it was taken; unchanged, it
 * is sent again; anything else (sales in between) fails it for staff to check in EFRIS.
 */
export async function reportStockIncrease(context: EfrisContext, movementId: number): Promise<StockOutcome> {
  const reach = await enabledClient(context);
  if (!reach) return 'disabled';
  const claim = await claimStockIncrease(context.db, movementId, leaseOf(context));
  if (!claim) return 'not_claimed';
  try {
    await checkClockWhenDue(context, reach.settings, reach.client);
    const goods = await registeredGoodsOf(context, [claim.variant_id]);
    if (!goods.ready) {
      await recordStockWait(context.db, claim, {
        failed: false,
        error: goods.message,
        returnCode: null,
        retryInSeconds: context.config.EFRIS_RETRY_DELAY_SECONDS,
        countAttempt: false,
      });
      return 'waiting_for_goods';
    }
    const unit = goods.goods.get(claim.variant_id)?.unit ?? '';
    return await sendStockIncrease(context, reach.client, claim, unit);
  } catch (error) {
    if (!(error instanceof EfrisError)) throw error;
    const failed = !error.retryable || claim.attempts >= context.config.EFRIS_MAX_ATTEMPTS;
    await recordStockWait(context.db, claim, {
      failed,
      error: error.message,
      returnCode: error.returnCode,
      retryInSeconds: retryDelaySeconds(context, claim.attempts),
      countAttempt: true,
    });
    context.log.warn(
      { movementId: claim.movement_id, kind: error.kind, returnCode: error.returnCode, failed },
      'EFRIS did not take a stock increase',
    );
    return failed ? 'failed' : 'retry_later';
  }
}

async function sendStockIncrease(
  context: EfrisContext,
  client: EfrisClient,
  claim: ClaimedStockIncrease,
  unit: string,
): Promise<StockOutcome> {
  const now = (await findGoods(client, claim.goods_code))?.stock ?? 0;
  if (claim.maybe_reported && claim.stock_before !== null) {
    if (now === claim.stock_before + claim.quantity)
      return (await recordReported(context.db, claim)) ? 'reported' : 'not_claimed';
    if (now !== claim.stock_before) {
      await recordStockWait(context.db, claim, {
        failed: true,
        error: `EFRIS's answer was lost and its stock of ${claim.goods_code} moved from ${claim.stock_before} to ${now}: check in EFRIS whether these ${claim.quantity} were taken before retrying`,
        returnCode: null,
        retryInSeconds: 0,
        countAttempt: true,
      });
      return 'failed';
    }
  }
  if (!(await markReportStarted(context.db, claim, now))) return 'not_claimed';
  await increaseStock(client, {
    goodsStockIn: {
      operationType: '101',
      supplierTin: '',
      supplierName: 'Kampala Cellars suppliers',
      remarks: `Stock movement ${claim.movement_id}`,
      stockInDate: kampalaTimestamp(new Date()).slice(0, 10),
      stockInType: '102',
      isCheckBatchNo: '0',
      rollBackIfError: '1',
    },
    goodsStockInItem: [
      {
        goodsCode: claim.goods_code,
        measureUnit: unit,
        quantity: String(claim.quantity),
        unitPrice: claim.price.toFixed(2),
        remarks: `Stock movement ${claim.movement_id}`,
      },
    ],
  });
  return (await recordReported(context.db, claim)) ? 'reported' : 'not_claimed';
}

export async function retryStockIncrease(context: EfrisContext, movementId: number, actor: AuditActor) {
  await context.db.transaction(async (tx) => {
    const outcome = await requeueStockIncrease(tx, movementId);
    if (outcome === 'missing') throw notFound('EFRIS stock increase');
    if (outcome === 'not_failed')
      throw conflict(
        'Only a failed stock increase can be sent again; pending ones are retried by themselves.',
      );
    await recordAudit(tx, actor, {
      kind: 'variant.efris_retry',
      subjectType: 'stock',
      subjectId: String(movementId),
      summary: `Stock increase of movement ${movementId} sent to EFRIS again`,
    });
  });
}

export async function getStockIncreases(context: EfrisContext, query: EfrisStockQuery) {
  const { rows, count } = await listStockIncreases(context.db, query);
  return toPagedList(
    rows.map(
      (row): EfrisStockIncrease => ({
        movement_id: Number(row.movement_id),
        variant_id: row.variant_id,
        sku: row.sku,
        product_name: row.product_name,
        variant_name: row.variant_name,
        quantity: row.quantity,
        state: row.state,
        attempts: row.attempts,
        last_error: row.last_error,
        last_return_code: row.last_return_code,
        reported_at: iso(row.reported_at),
        created_at: iso(row.created_at) ?? '',
      }),
    ),
    count,
    query,
  );
}

// ── The minute's sweep ──────────────────────────────────────────────────────────────────────

/**
 * Every minute: sizes on sale not yet registered (a few at a time), the due registrations, then
 * received movements without a report and the due reports. Answers what it sent to the queue.
 */
export async function sweepGoods(
  context: EfrisContext,
  limit = 20,
): Promise<{ goods: number[]; stockIncreases: number[] }> {
  const settings = await readSettings(context.db);
  if (!settings.enabled) return { goods: [], stockIncreases: [] };
  await syncGoods(context.db, unregisteredSizes(limit));
  await insertMissingStockIncreases(context.db, limit);
  return {
    goods: await dueGoodIds(context.db, limit),
    stockIncreases: await dueStockIncreaseIds(context.db, limit),
  };
}
