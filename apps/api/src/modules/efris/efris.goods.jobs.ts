/** The EFRIS goods' background jobs (pg-boss queues, decision 0033). */
export const EFRIS_GOODS_JOBS = {
  /** One size's registration attempt (T130), one job per size: its singleton key. */
  register: 'efris.register-good',
  /** One received movement's report (T131). */
  stockIncrease: 'efris.stock-increase',
  /** Every minute: sizes and received movements without a record, and the due retries, queued. */
  sweep: 'efris.goods-sweep',
  /** Daily: URA's commodity categories (T124) and excise duty codes (T125). */
  dictionaries: 'efris.dictionaries',
} as const;

export const registerSingletonKey = (variantId: number) => `efris-good:${variantId}`;
export const stockIncreaseSingletonKey = (movementId: number) => `efris-stock-increase:${movementId}`;
