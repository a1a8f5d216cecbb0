import { type ExciseRate, exciseRatesFromUra } from '@shop/contract/excise';
import { EFRIS_SUCCESS, type EfrisClient, EfrisError } from './efris.client';

/**
 * URA's goods interfaces (decision 0033), over the client's encrypted and signed envelope:
 * T124 (the commodity categories, paged), T125 (excise duty codes), T127 (goods held by URA, with
 * its stock), T130 (register or modify goods), T131 (stock increase). T130 and T131 answer a list
 * of the items URA refused, each with its own return code and message; an empty answer is success.
 */

export type EfrisCommodityCategoryRecord = {
  code: string;
  name: string;
  parentCode: string | null;
  level: number;
  isLeaf: boolean;
  rate: string | null;
  /** URA's `excisable` (101): goods of the category must carry an excise duty code. */
  excisable: boolean;
};

export type EfrisExciseCodeRecord = {
  code: string;
  name: string;
  rateText: string;
  unit: string | null;
  rates: ExciseRate[];
};

export type EfrisGoodsRegistration = {
  operationType: '101' | '102';
  goodsName: string;
  goodsCode: string;
  measureUnit: string;
  unitPrice: string;
  currency: '101';
  commodityCategoryId: string;
  haveExciseTax: '101' | '102';
  exciseDutyCode: string;
  description: string;
  stockPrewarning: string;
  havePieceUnit: '102';
  haveOtherUnit: '102';
  goodsTypeCode: '101';
};

export type EfrisHeldGoods = {
  goodsCode: string;
  commodityCategoryCode: string;
  measureUnit: string;
  exciseDutyCode: string;
  stock: number;
};

export type EfrisStockIn = {
  goodsStockIn: {
    operationType: '101';
    supplierTin: string;
    supplierName: string;
    remarks: string;
    stockInDate: string;
    /** 102: local purchase. */
    stockInType: '102';
    isCheckBatchNo: '0';
    rollBackIfError: '1';
  };
  goodsStockInItem: Array<{
    goodsCode: string;
    measureUnit: string;
    quantity: string;
    unitPrice: string;
    remarks: string;
  }>;
};

type ItemAnswer = { goodsCode?: string; returnCode?: string; returnMessage?: string };

/** T130/T131 list the refused items: the first one's code and message, as URA's refusal. */
function refusalOf(interfaceCode: string, answer: ItemAnswer[] | null): void {
  const refused = (answer ?? []).find((item) => item.returnCode && item.returnCode !== EFRIS_SUCCESS);
  if (!refused) return;
  const code = refused.returnCode ?? '';
  throw new EfrisError(
    'refused',
    `URA refused ${interfaceCode}: ${refused.returnMessage || 'no message'} (code ${code})`,
    code,
  );
}

/** T124, every page: URA's goods and services categories. */
export async function fetchCommodityCategories(client: EfrisClient): Promise<EfrisCommodityCategoryRecord[]> {
  const out: EfrisCommodityCategoryRecord[] = [];
  for (let pageNo = 1; pageNo <= 1000; pageNo += 1) {
    const answer = await client.request<{
      page?: { pageCount?: number | string };
      records?: Array<{
        commodityCategoryCode?: string;
        commodityCategoryName?: string;
        parentCode?: string;
        commodityCategoryLevel?: string | number;
        isLeafNode?: string;
        rate?: string;
        excisable?: string;
      }>;
    }>('T124', { pageNo: String(pageNo), pageSize: '99' });
    for (const record of answer?.records ?? []) {
      if (!record.commodityCategoryCode || !record.commodityCategoryName) continue;
      out.push({
        code: record.commodityCategoryCode,
        name: record.commodityCategoryName,
        parentCode: record.parentCode && record.parentCode !== '0' ? record.parentCode : null,
        level: Number(record.commodityCategoryLevel ?? 0) || 0,
        // URA's yes/no: 101 yes, 102 no.
        isLeaf: record.isLeafNode !== '102',
        rate: record.rate ?? null,
        excisable: record.excisable === '101',
      });
    }
    if (pageNo >= Number(answer?.page?.pageCount ?? 1)) break;
  }
  return out;
}

/** T125: URA's excise duty codes. */
export async function fetchExciseCodes(client: EfrisClient): Promise<EfrisExciseCodeRecord[]> {
  const answer = await client.request<{
    exciseDutyList?: Array<{
      exciseDutyCode?: string;
      goodService?: string;
      rateText?: string;
      exciseDutyDetailsList?: Array<{ type?: string; rate?: string; unit?: string; currency?: string }>;
    }>;
  }>('T125', {});
  return (answer?.exciseDutyList ?? [])
    .filter((item) => item.exciseDutyCode && item.goodService)
    .map((item) => ({
      code: item.exciseDutyCode ?? '',
      name: item.goodService ?? '',
      rateText: item.rateText ?? '',
      unit: item.exciseDutyDetailsList?.find((detail) => detail.unit)?.unit ?? null,
      rates: exciseRatesFromUra(item.exciseDutyDetailsList ?? []),
    }));
}

/** T127: the good URA holds under the shop's code (with EFRIS's stock of it), or null. */
export async function findGoods(client: EfrisClient, goodsCode: string): Promise<EfrisHeldGoods | null> {
  const answer = await client.request<{
    records?: Array<{
      goodsCode?: string;
      commodityCategoryCode?: string;
      measureUnit?: string;
      exciseDutyCode?: string;
      stock?: string | number;
    }>;
  }>('T127', { goodsCode, pageNo: '1', pageSize: '10' });
  const record = answer?.records?.find((item) => item.goodsCode === goodsCode);
  if (!record) return null;
  return {
    goodsCode,
    commodityCategoryCode: record.commodityCategoryCode ?? '',
    measureUnit: record.measureUnit ?? '',
    exciseDutyCode: record.exciseDutyCode ?? '',
    stock: Number(record.stock ?? 0) || 0,
  };
}

/** T130: registers (101) or modifies (102) one good. */
export async function registerGoods(client: EfrisClient, goods: EfrisGoodsRegistration): Promise<void> {
  const answer = await client.request<ItemAnswer[]>('T130', [goods], goods.goodsCode);
  refusalOf('T130', answer);
}

/** T131: a stock increase. */
export async function increaseStock(client: EfrisClient, stockIn: EfrisStockIn): Promise<void> {
  const answer = await client.request<ItemAnswer[]>('T131', stockIn);
  refusalOf('T131', answer);
}
