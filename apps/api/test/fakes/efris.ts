import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  aesDecrypt,
  aesEncrypt,
  type EfrisCreditNoteApplication,
  type EfrisEnvelope,
  type EfrisInvoiceUpload,
  kampalaTimestamp,
  uraTime,
} from '../../src/modules/efris/efris.client';

/**
 * A local stand-in for URA's EFRIS system-to-system endpoint on 127.0.0.1 (one POST path,
 * `/efrisws/ws/taapp/getInformation`), following the envelope of URA's "API documentation for
 * system-to-system users": `data.content` (base64, AES-encrypted when `codeType` is 1),
 * `data.signature` (RSA-SHA1 of the content with the taxpayer's key), `globalInfo` and
 * `returnStateInfo`.
 *
 * - It holds RSA keys of its own (it signs the T104 answer) and the taxpayers' public keys
 *   (`registerTaxpayer`). T104 issues a fresh AES key per device, RSA-encrypted (PKCS#1 v1.5)
 *   to the taxpayer's public key, as URA does; later calls must be encrypted under the latest.
 * - Every signed call's signature is verified with the taxpayer's public key; a bad one is
 *   refused with {@link FAKE_EFRIS_CODES}.signature. A request time more than 10 minutes from
 *   the fake's clock (see `driftClock`) is refused with `.time`.
 * - T109 keeps invoices (a second upload of the same `referenceNo` is refused with
 *   `.duplicate`); T106/T108 find them; T103 answers the registration.
 * - T110 keeps credit note applications, checked against the original invoice as URA checks them
 *   (it must exist, the lines be negative, the credit not exceed what is left of the invoice);
 *   a consumer's (B2C) is approved at once, a business's (B2B) waits for `decideCreditNote`, and
 *   `holdCreditNotes` makes every one wait. T111 lists them (by URA's reference or the original
 *   invoice), T112 answers one's details (the seller's reference, the approver's remarks).
 * - Tests script trouble: `failNext` (URA's code 99 or an HTTP 503), `answerLate` (answers after
 *   the delay, having done the work: a lost answer), `hang` (never answers), `driftClock`.
 *
 * The return codes other than 00 (success) and 99 (unknown error) are this fake's own; URA's
 * table is in its API document ("ReturnCode description").
 */

export const FAKE_EFRIS_CODES = {
  success: '00',
  systemError: '99',
  signature: '2001',
  time: '2002',
  unknownDevice: '2003',
  decryption: '2004',
  duplicate: '2005',
  notFound: '2006',
  /** URA's own code for a credit above what is left of the invoice's line (its T110 table). */
  creditAboveInvoice: '1460',
  creditNoteInvalid: '2007',
  /** A T130 item URA will not take (its commodity, unit or excise code). */
  goodsInvalid: '2008',
  /** T109 or T131 naming a good that was never registered (T130). */
  goodsNotRegistered: '2009',
  /** T109/T110 whose excise fields or tax totals do not hold together. */
  taxInvalid: '2010',
} as const;

/** URA's dictionaries as the fake answers them (T124: commodity categories; T125: excise duty). */
export const FAKE_COMMODITY_CATEGORIES = [
  {
    code: '50202200',
    name: 'Alcoholic beverages',
    parentCode: '50200000',
    level: '3',
    isLeafNode: '102',
    rate: '0.18',
  },
  {
    code: '50202201',
    name: 'Beer',
    parentCode: '50202200',
    level: '4',
    isLeafNode: '101',
    rate: '0.18',
    excisable: '101',
  },
  {
    code: '50202203',
    name: 'Wine',
    parentCode: '50202200',
    level: '4',
    isLeafNode: '101',
    rate: '0.18',
    excisable: '101',
  },
  {
    code: '50202206',
    name: 'Spirits and liqueurs',
    parentCode: '50202200',
    level: '4',
    isLeafNode: '101',
    rate: '0.18',
    excisable: '101',
  },
  {
    code: '50202301',
    name: 'Mineral water',
    parentCode: '50202300',
    level: '4',
    isLeafNode: '101',
    rate: '0.18',
  },
];
/** T125's excise duty codes, with URA's detail rows (type 101 by rate, 102 by quantity). */
export const FAKE_EXCISE_CODES = [
  {
    exciseDutyCode: 'LED190100',
    goodService: 'Beer made from malt',
    rateText: '60%',
    unit: '102',
    details: [{ type: '101', rate: '0.6' }],
  },
  {
    exciseDutyCode: 'LED190300',
    goodService: 'Wine made from grapes',
    rateText: '80%',
    unit: '102',
    details: [{ type: '101', rate: '0.8' }],
  },
  {
    exciseDutyCode: 'LED190400',
    goodService: 'Spirits (undenatured ethyl alcohol)',
    rateText: '100%,UGX10000 per litre',
    unit: '102',
    details: [
      { type: '101', rate: '1' },
      { type: '102', rate: '10000', unit: '102', currency: '101' },
    ],
  },
];

/** A good as the fake holds it after T130, with EFRIS's own stock of it. */
export type FakeGoods = {
  tin: string;
  goodsCode: string;
  goodsName: string;
  commodityCategoryId: string;
  measureUnit: string;
  exciseDutyCode: string;
  stock: number;
  /** How many T130 calls registered (101) or modified (102) it. */
  registrations: number;
};

/** The shop's delivery and discount lines are not goods of its catalogue (see decision 0033). */
const NOT_GOODS = new Set(['DELIVERY', 'DISCOUNT', 'TICKET']);

export type FakeCreditNote = {
  id: string;
  /** URA's reference of the application. */
  referenceNo: string;
  sellersReferenceNo: string;
  oriInvoiceNo: string;
  tin: string;
  application: EfrisCreditNoteApplication;
  /** 101 approved, 102 submitted, 103 rejected. */
  approveStatus: '101' | '102' | '103';
  /** The credit note's fiscal number, once approved. */
  invoiceNo: string;
  approveRemarks: string;
};

export type FakeTaxpayer = {
  tin: string;
  deviceNo: string;
  legalName: string;
  businessName: string;
  address: string;
  publicKey: crypto.KeyObject;
};

export type FakeFiscalInvoice = {
  invoiceId: string;
  invoiceNo: string;
  antifakeCode: string;
  qrCode: string;
  referenceNo: string;
  tin: string;
  upload: EfrisInvoiceUpload;
  at: string;
};

type Trouble = { kind: 'code'; code: string } | { kind: 'http'; status: number };

export const FAKE_EFRIS_PATH = '/efrisws/ws/taapp/getInformation';

export class FakeEfris {
  readonly keys = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly invoices: FakeFiscalInvoice[] = [];
  readonly creditNotes: FakeCreditNote[] = [];
  /** Goods registered (T130), by TIN and goods code. */
  readonly goods = new Map<string, FakeGoods>();
  /** Each T131 taken: the goods code, the quantity and the remarks. */
  readonly stockIns: Array<{ goodsCode: string; quantity: number; remarks: string }> = [];
  #holdCreditNotes = false;
  /** Every envelope received, by interface code. */
  readonly calls: string[] = [];
  readonly #taxpayers = new Map<string, FakeTaxpayer>();
  readonly #sessionKeys = new Map<string, Buffer>();
  #trouble: Trouble[] = [];
  #lateMs = 0;
  #lateCount = 0;
  #lateFor: string | null = null;
  #hangCount = 0;
  #driftMs = 0;
  #server: http.Server | null = null;
  #sequence = 0;
  readonly #pending = new Set<http.ServerResponse>();

  get url(): string {
    const address = this.#server?.address() as AddressInfo | null;
    if (!address) throw new Error('the fake is not started');
    return `http://127.0.0.1:${address.port}${FAKE_EFRIS_PATH}`;
  }

  registerTaxpayer(taxpayer: FakeTaxpayer) {
    this.#taxpayers.set(`${taxpayer.tin}|${taxpayer.deviceNo}`, taxpayer);
  }

  /** The next calls fail so (in order), then the fake answers again. */
  failNext(...trouble: Trouble[]) {
    this.#trouble.push(...trouble);
  }

  /** The next `count` calls (of `interfaceCode` only, when given) are answered `ms` late (the work done at once). */
  answerLate(ms: number, count = 1, interfaceCode: string | null = null) {
    this.#lateMs = ms;
    this.#lateCount = count;
    this.#lateFor = interfaceCode;
  }

  /** The next `count` calls get no answer at all. */
  hang(count = 1) {
    this.#hangCount = count;
  }

  /** The fake's clock runs this far ahead of the machine's (negative: behind). */
  driftClock(ms: number) {
    this.#driftMs = ms;
  }

  /** Every credit note application waits for `decideCreditNote` (as a business's does). */
  holdCreditNotes(hold = true) {
    this.#holdCreditNotes = hold;
  }

  /** URA's approver decides on an application (by URA's reference or the shop's). */
  decideCreditNote(reference: string, decision: 'approve' | 'reject', remarks = 'Checked') {
    const note = this.creditNotes.find(
      (item) => item.referenceNo === reference || item.sellersReferenceNo === reference,
    );
    if (!note) throw new Error(`no credit note application ${reference}`);
    if (decision === 'approve') this.#approve(note, remarks);
    else {
      note.approveStatus = '103';
      note.approveRemarks = remarks;
    }
  }

  applicationsOf(sellersReferenceNo: string): FakeCreditNote[] {
    return this.creditNotes.filter((note) => note.sellersReferenceNo === sellersReferenceNo);
  }

  #approve(note: FakeCreditNote, remarks: string) {
    this.#sequence += 1;
    note.approveStatus = '101';
    note.invoiceNo = `32${String(100_000_000 + this.#sequence)}`;
    note.approveRemarks = remarks;
  }

  uploadsOf(referenceNo: string): FakeFiscalInvoice[] {
    return this.invoices.filter((invoice) => invoice.referenceNo === referenceNo);
  }

  goodsOf(tin: string, goodsCode: string): FakeGoods | undefined {
    return this.goods.get(`${tin}|${goodsCode}`);
  }

  reset() {
    this.goods.clear();
    this.stockIns.length = 0;
    this.invoices.length = 0;
    this.creditNotes.length = 0;
    this.#holdCreditNotes = false;
    this.calls.length = 0;
    this.#trouble = [];
    this.#lateCount = 0;
    this.#hangCount = 0;
    this.#driftMs = 0;
  }

  async start(port = 0): Promise<this> {
    this.#server = http.createServer((request, response) => {
      void this.#handle(request, response).catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
    const server = this.#server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    return this;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const response of this.#pending) response.destroy();
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  #now(): Date {
    return new Date(Date.now() + this.#driftMs);
  }

  async #handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (
      request.method !== 'POST' ||
      new URL(request.url ?? '/', 'http://fake').pathname !== FAKE_EFRIS_PATH
    ) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as EfrisEnvelope;
    const interfaceCode = envelope.globalInfo?.interfaceCode ?? '';
    this.calls.push(interfaceCode);
    if (this.#hangCount > 0) {
      this.#hangCount -= 1;
      this.#pending.add(response);
      response.on('close', () => this.#pending.delete(response));
      return;
    }
    const trouble = this.#trouble.shift();
    if (trouble?.kind === 'http') {
      response.writeHead(trouble.status, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    const answer =
      trouble?.kind === 'code'
        ? this.#answer(envelope, trouble.code, 'Unknown error, please try again')
        : this.#process(envelope);
    const send = () => {
      if (!response.destroyed)
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    };
    if (this.#lateCount > 0 && (this.#lateFor === null || this.#lateFor === interfaceCode)) {
      this.#lateCount -= 1;
      this.#pending.add(response);
      setTimeout(() => {
        this.#pending.delete(response);
        send();
      }, this.#lateMs);
      return;
    }
    send();
  }

  #process(envelope: EfrisEnvelope): EfrisEnvelope {
    const info = envelope.globalInfo;
    const taxpayer = this.#taxpayers.get(`${info.tin}|${info.deviceNo}`);
    if (info.interfaceCode === 'T101') {
      return this.#answer(envelope, '00', 'SUCCESS', { currentTime: uraTime(this.#now()) });
    }
    if (!taxpayer)
      return this.#answer(
        envelope,
        FAKE_EFRIS_CODES.unknownDevice,
        'The device is not registered to this TIN',
      );
    const requestTime = Date.parse(`${info.requestTime.replace(' ', 'T')}+03:00`);
    if (!Number.isFinite(requestTime) || Math.abs(requestTime - this.#now().getTime()) > 10 * 60 * 1000) {
      return this.#answer(
        envelope,
        FAKE_EFRIS_CODES.time,
        'The request time differs from the server time by more than 10 minutes',
      );
    }
    const deviceId = `${info.tin}|${info.deviceNo}`;
    if (info.interfaceCode === 'T104') {
      const key = crypto.randomBytes(16);
      this.#sessionKeys.set(deviceId, key);
      const passowrdDes = crypto
        .publicEncrypt(
          { key: taxpayer.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING },
          Buffer.from(key.toString('base64')),
        )
        .toString('base64');
      const sign = crypto.sign('sha1', Buffer.from(passowrdDes), this.keys.privateKey).toString('base64');
      return this.#answer(envelope, '00', 'SUCCESS', { passowrdDes, sign });
    }
    // Everything else is signed and encrypted.
    const signatureValid =
      envelope.data.signature.length > 0 &&
      crypto.verify(
        'sha1',
        Buffer.from(envelope.data.content),
        taxpayer.publicKey,
        Buffer.from(envelope.data.signature, 'base64'),
      );
    if (!signatureValid)
      return this.#answer(envelope, FAKE_EFRIS_CODES.signature, 'The signature verification failed');
    const key = this.#sessionKeys.get(deviceId);
    let content: Record<string, unknown>;
    try {
      if (!key || envelope.data.dataDescription.codeType !== '1') throw new Error('no key');
      content = JSON.parse(aesDecrypt(key, envelope.data.content).toString('utf8')) as Record<
        string,
        unknown
      >;
    } catch {
      return this.#answer(
        envelope,
        FAKE_EFRIS_CODES.decryption,
        'The content could not be decrypted: obtain a key (T104)',
      );
    }
    const reply = (value: unknown) => this.#answer(envelope, '00', 'SUCCESS', value, key);
    switch (info.interfaceCode) {
      case 'T103':
        return reply({
          taxpayer: {
            tin: taxpayer.tin,
            legalName: taxpayer.legalName,
            businessName: taxpayer.businessName,
            address: taxpayer.address,
          },
          device: { deviceNo: taxpayer.deviceNo },
        });
      case 'T124': {
        const pageSize = Number(content.pageSize ?? 10) || 10;
        const pageNo = Number(content.pageNo ?? 1) || 1;
        const records = FAKE_COMMODITY_CATEGORIES.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(
          (item) => ({
            commodityCategoryCode: item.code,
            commodityCategoryName: item.name,
            parentCode: item.parentCode,
            commodityCategoryLevel: item.level,
            isLeafNode: item.isLeafNode,
            rate: item.rate,
            excisable: 'excisable' in item ? item.excisable : '102',
          }),
        );
        return reply({
          page: {
            pageNo,
            pageSize,
            totalSize: FAKE_COMMODITY_CATEGORIES.length,
            pageCount: Math.ceil(FAKE_COMMODITY_CATEGORIES.length / pageSize),
          },
          records,
        });
      }
      case 'T125':
        return reply({
          exciseDutyList: FAKE_EXCISE_CODES.map((item) => ({
            exciseDutyCode: item.exciseDutyCode,
            goodService: item.goodService,
            rateText: item.rateText,
            exciseDutyDetailsList: item.details,
          })),
        });
      case 'T127': {
        const held = this.goodsOf(taxpayer.tin, String(content.goodsCode ?? ''));
        const records = held
          ? [
              {
                goodsCode: held.goodsCode,
                goodsName: held.goodsName,
                commodityCategoryCode: held.commodityCategoryId,
                measureUnit: held.measureUnit,
                exciseDutyCode: held.exciseDutyCode,
                stock: String(held.stock),
              },
            ]
          : [];
        return reply({ page: { pageNo: 1, pageSize: 10, totalSize: records.length }, records });
      }
      case 'T130':
        return reply(this.#registerGoods(taxpayer, content as unknown as Array<Record<string, string>>));
      case 'T131': {
        const stockIn = content as unknown as {
          goodsStockIn?: { operationType?: string; remarks?: string };
          goodsStockInItem?: Array<{ goodsCode?: string; quantity?: string }>;
        };
        const items = stockIn.goodsStockInItem ?? [];
        const refused = items
          .filter((item) => !this.goodsOf(taxpayer.tin, item.goodsCode ?? ''))
          .map((item) => ({
            goodsCode: item.goodsCode,
            returnCode: FAKE_EFRIS_CODES.goodsNotRegistered,
            returnMessage: `goodsCode ${item.goodsCode}: the goods have not been registered (T130)`,
          }));
        if (refused.length > 0 || stockIn.goodsStockIn?.operationType !== '101' || items.length === 0)
          return reply(
            refused.length > 0
              ? refused
              : [
                  {
                    returnCode: FAKE_EFRIS_CODES.goodsInvalid,
                    returnMessage: 'operationType/goodsStockInItem: invalid',
                  },
                ],
          );
        for (const item of items) {
          const held = this.goodsOf(taxpayer.tin, item.goodsCode ?? '')!;
          held.stock += Number(item.quantity ?? 0);
          this.stockIns.push({
            goodsCode: held.goodsCode,
            quantity: Number(item.quantity ?? 0),
            remarks: stockIn.goodsStockIn?.remarks ?? '',
          });
        }
        return reply([]);
      }
      case 'T109': {
        const upload = content as unknown as EfrisInvoiceUpload;
        const unregistered = (upload.goodsDetails ?? []).find(
          (line) => !NOT_GOODS.has(line.itemCode) && !this.goodsOf(taxpayer.tin, line.itemCode),
        );
        if (unregistered)
          return this.#answer(
            envelope,
            FAKE_EFRIS_CODES.goodsNotRegistered,
            `goodsDetails-->itemCode: ${unregistered.itemCode} has not been registered (T130)`,
          );
        const taxProblem = this.#taxProblem(taxpayer.tin, upload.goodsDetails ?? [], upload);
        if (taxProblem) return this.#answer(envelope, FAKE_EFRIS_CODES.taxInvalid, taxProblem);
        const referenceNo = upload.sellerDetails?.referenceNo ?? '';
        if (
          this.invoices.some((invoice) => invoice.tin === taxpayer.tin && invoice.referenceNo === referenceNo)
        ) {
          return this.#answer(
            envelope,
            FAKE_EFRIS_CODES.duplicate,
            `The referenceNo ${referenceNo} has already been uploaded`,
          );
        }
        this.#sequence += 1;
        const invoiceNo = `32${String(100_000_000 + this.#sequence)}`;
        const antifakeCode = Array.from({ length: 20 }, () => crypto.randomInt(10)).join('');
        const invoice: FakeFiscalInvoice = {
          invoiceId: String(100_000_000_000 + this.#sequence),
          invoiceNo,
          antifakeCode,
          qrCode: `https://efristest.ura.go.ug/site_mobile/#/invoiceValidation?invoiceNo=${invoiceNo}&antiFakeCode=${antifakeCode}`,
          referenceNo,
          tin: taxpayer.tin,
          upload,
          at: kampalaTimestamp(this.#now()),
        };
        this.invoices.push(invoice);
        // EFRIS keeps its own stock of each good: an invoice takes it down.
        for (const line of upload.goodsDetails) {
          const held = this.goodsOf(taxpayer.tin, line.itemCode);
          if (held) held.stock -= Number(line.qty);
        }
        return reply(fiscalAnswer(invoice));
      }
      case 'T106': {
        const records = this.invoices
          .filter((invoice) => invoice.tin === taxpayer.tin && invoice.referenceNo === content.referenceNo)
          .map((invoice) => ({ invoiceNo: invoice.invoiceNo, referenceNo: invoice.referenceNo }));
        return reply({ page: { pageNo: 1, pageSize: 10, totalSize: records.length }, records });
      }
      case 'T108': {
        const invoice = this.invoices.find(
          (item) => item.tin === taxpayer.tin && item.invoiceNo === content.invoiceNo,
        );
        if (!invoice) return this.#answer(envelope, FAKE_EFRIS_CODES.notFound, 'No such invoice');
        return reply(fiscalAnswer(invoice));
      }
      case 'T110':
        return this.#applyCreditNote(
          envelope,
          taxpayer,
          content as unknown as EfrisCreditNoteApplication,
          key,
        );
      case 'T111': {
        const records = this.creditNotes
          .filter(
            (note) =>
              note.tin === taxpayer.tin &&
              (!content.referenceNo || note.referenceNo === content.referenceNo) &&
              (!content.oriInvoiceNo || note.oriInvoiceNo === content.oriInvoiceNo) &&
              (!content.approveStatus ||
                String(content.approveStatus).split(',').includes(note.approveStatus)),
          )
          .map((note) => ({
            id: note.id,
            oriInvoiceNo: note.oriInvoiceNo,
            invoiceNo: note.invoiceNo,
            referenceNo: note.referenceNo,
            approveStatus: note.approveStatus,
            invoiceApplyCategoryCode: '101',
            grossAmount: note.application.summary.grossAmount,
            currency: 'UGX',
          }));
        return reply({ page: { pageNo: 1, pageSize: 100, totalSize: records.length }, records });
      }
      case 'T112': {
        const note = this.creditNotes.find((item) => item.tin === taxpayer.tin && item.id === content.id);
        if (!note) return this.#answer(envelope, FAKE_EFRIS_CODES.notFound, 'No such application');
        return reply({
          id: note.id,
          oriInvoiceNo: note.oriInvoiceNo,
          refundInvoiceNo: note.invoiceNo,
          referenceNo: note.referenceNo,
          sellersReferenceNo: note.sellersReferenceNo,
          approveStatusCode: note.approveStatus,
          approveRemarks: note.approveRemarks,
          reason: note.application.reason,
        });
      }
      default:
        return this.#answer(
          envelope,
          FAKE_EFRIS_CODES.systemError,
          `Interface ${info.interfaceCode} is not offered by this fake`,
        );
    }
  }

  /** T130: each item checked against the dictionaries; the refused ones answered with their codes. */
  #registerGoods(taxpayer: FakeTaxpayer, items: Array<Record<string, string>>) {
    const refused: Array<{ goodsCode: string; returnCode: string; returnMessage: string }> = [];
    for (const item of Array.isArray(items) ? items : []) {
      const goodsCode = item.goodsCode ?? '';
      const refuse = (returnCode: string, returnMessage: string) =>
        refused.push({ goodsCode, returnCode, returnMessage });
      const category = FAKE_COMMODITY_CATEGORIES.find((entry) => entry.code === item.commodityCategoryId);
      const held = this.goodsOf(taxpayer.tin, goodsCode);
      if (!goodsCode || !item.goodsName)
        refuse(FAKE_EFRIS_CODES.goodsInvalid, 'goodsCode/goodsName: cannot be empty');
      else if (category?.isLeafNode !== '101')
        refuse(
          FAKE_EFRIS_CODES.goodsInvalid,
          `commodityCategoryId: ${item.commodityCategoryId} is not a commodity category of the last level`,
        );
      else if (!/^[0-9A-Z]{2,4}$/.test(item.measureUnit ?? ''))
        refuse(FAKE_EFRIS_CODES.goodsInvalid, 'measureUnit: must be a code of the rateUnit dictionary');
      else if (
        item.haveExciseTax === '101' &&
        !FAKE_EXCISE_CODES.some((entry) => entry.exciseDutyCode === item.exciseDutyCode)
      )
        refuse(FAKE_EFRIS_CODES.goodsInvalid, `exciseDutyCode: ${item.exciseDutyCode} does not exist`);
      else if (item.operationType === '101' && held)
        refuse(FAKE_EFRIS_CODES.goodsInvalid, `goodsCode: ${goodsCode} already exists`);
      else if (item.operationType === '102' && !held)
        refuse(FAKE_EFRIS_CODES.goodsInvalid, `goodsCode: ${goodsCode} does not exist`);
      else {
        const goods: FakeGoods = held ?? {
          tin: taxpayer.tin,
          goodsCode,
          goodsName: '',
          commodityCategoryId: '',
          measureUnit: '',
          exciseDutyCode: '',
          stock: 0,
          registrations: 0,
        };
        goods.goodsName = item.goodsName;
        goods.commodityCategoryId = item.commodityCategoryId ?? '';
        goods.measureUnit = item.measureUnit ?? '';
        goods.exciseDutyCode = item.haveExciseTax === '101' ? (item.exciseDutyCode ?? '') : '';
        goods.registrations += 1;
        this.goods.set(`${taxpayer.tin}|${goodsCode}`, goods);
      }
    }
    return refused;
  }

  #applyCreditNote(
    envelope: EfrisEnvelope,
    taxpayer: FakeTaxpayer,
    application: EfrisCreditNoteApplication,
    key: Buffer,
  ): EfrisEnvelope {
    const refuse = (code: string, message: string) => this.#answer(envelope, code, message);
    const invoice = this.invoices.find(
      (item) => item.tin === taxpayer.tin && item.invoiceNo === application.oriInvoiceNo,
    );
    if (!invoice || invoice.invoiceId !== application.oriInvoiceId)
      return refuse(
        FAKE_EFRIS_CODES.creditNoteInvalid,
        'oriInvoiceNo/oriInvoiceId: the original invoice does not exist',
      );
    if (!['101', '102', '103', '104', '105'].includes(application.reasonCode))
      return refuse(
        FAKE_EFRIS_CODES.creditNoteInvalid,
        'reasonCode: must be one of the refundReason dictionary',
      );
    if (application.reasonCode === '105' && !application.reason)
      return refuse(FAKE_EFRIS_CODES.creditNoteInvalid, "reason: cannot be empty when reasonCode is '105'");
    const lines = application.goodsDetails ?? [];
    if (lines.length === 0 || lines.some((line) => !(Number(line.qty) < 0) || !(Number(line.total) < 0)))
      return refuse(FAKE_EFRIS_CODES.creditNoteInvalid, 'goodsDetails-->qty/total: must be negative');
    // What is left of each original line after the live (submitted or approved) credit notes.
    for (const line of lines) {
      const original = invoice.upload.goodsDetails.find((item) => item.orderNumber === line.orderNumber);
      if (!original || original.itemCode !== line.itemCode || original.unitPrice !== line.unitPrice)
        return refuse(
          FAKE_EFRIS_CODES.creditNoteInvalid,
          'goodsDetails: the line is not the same as the original invoice',
        );
      const credited = this.creditNotes
        .filter((note) => note.oriInvoiceNo === invoice.invoiceNo && note.approveStatus !== '103')
        .flatMap((note) => note.application.goodsDetails)
        .filter((item) => item.orderNumber === line.orderNumber)
        .reduce((sum, item) => sum - Number(item.total), 0);
      if (-Number(line.total) > Number(original.total) - credited + 0.005)
        return refuse(
          FAKE_EFRIS_CODES.creditAboveInvoice,
          'goodsDetails-->total:Cannot be greater than the remaining amount of the corresponding commodity line on original invoice',
        );
    }
    const taxProblem = this.#taxProblem(invoice.tin, lines, application);
    if (taxProblem) return refuse(FAKE_EFRIS_CODES.taxInvalid, taxProblem);
    const gross = lines.reduce((sum, line) => sum + Number(line.total), 0);
    if (Math.abs(gross - Number(application.summary.grossAmount)) > 0.01)
      return refuse(
        FAKE_EFRIS_CODES.creditNoteInvalid,
        'summary-->grossAmount: must be the sum of the lines',
      );
    this.#sequence += 1;
    const note: FakeCreditNote = {
      id: String(200_000_000_000 + this.#sequence),
      referenceNo: `CR${String(300_000_000 + this.#sequence)}`,
      sellersReferenceNo: application.sellersReferenceNo,
      oriInvoiceNo: invoice.invoiceNo,
      tin: taxpayer.tin,
      application,
      approveStatus: '102',
      invoiceNo: '',
      approveRemarks: '',
    };
    this.creditNotes.push(note);
    // A consumer's credit note is approved by URA's system; a business's waits for its approver.
    if (!this.#holdCreditNotes && application.buyerDetails?.buyerType !== '0')
      this.#approve(note, 'Approved');
    return this.#answer(envelope, '00', 'SUCCESS', { referenceNo: note.referenceNo }, key);
  }

  /**
   * URA's checks of a document's taxes: a good registered with an excise code goes with its excise
   * (exciseFlag 1, its code, rule, rate and tax; per quantity also unit, currency, pack and stick);
   * by rate, the tax is the rate of the value before it; the summary and tax details add up.
   */
  #taxProblem(
    tin: string,
    lines: EfrisInvoiceUpload['goodsDetails'],
    document: {
      taxDetails: EfrisInvoiceUpload['taxDetails'];
      summary: { netAmount: string; taxAmount: string; grossAmount: string };
    },
  ): string | null {
    const cents = (text: string | undefined) => Math.round(Number(text ?? 0) * 100);
    let vat = 0;
    let excise = 0;
    let gross = 0;
    for (const line of lines) {
      gross += cents(line.total);
      vat += cents(line.tax);
      const held = NOT_GOODS.has(line.itemCode) ? undefined : this.goodsOf(tin, line.itemCode);
      if (held?.exciseDutyCode && (line.exciseFlag !== '1' || line.categoryId !== held.exciseDutyCode))
        return `goodsDetails-->exciseFlag: ${line.itemCode} attracts excise duty ${held.exciseDutyCode}`;
      if (line.exciseFlag !== '1') continue;
      if (
        !line.categoryName ||
        !line.exciseRate ||
        !line.exciseTax ||
        !['1', '2'].includes(line.exciseRule ?? '')
      )
        return 'goodsDetails-->categoryName/exciseRate/exciseRule/exciseTax: required when exciseFlag is 1';
      if (line.exciseRule === '2' && (!line.exciseUnit || !line.exciseCurrency || !line.pack || !line.stick))
        return 'goodsDetails-->exciseUnit/exciseCurrency/pack/stick: required when exciseRule is 2';
      const lineExcise = cents(line.exciseTax);
      if (lineExcise !== 0 && Math.sign(lineExcise) !== Math.sign(cents(line.total)))
        return 'goodsDetails-->exciseTax: must have the sign of the line';
      if (line.exciseRule === '1' && line.exciseRate !== '-') {
        const rate = Number(line.exciseRate);
        const expected = ((cents(line.total) - cents(line.tax)) * rate) / (1 + rate);
        if (Math.abs(expected - lineExcise) > 100)
          return `goodsDetails-->exciseTax: ${line.exciseTax} is not ${line.exciseRate} of the line`;
      }
      excise += lineExcise;
    }
    const summary = document.summary;
    if (cents(summary.grossAmount) !== gross) return 'summary-->grossAmount: must be the sum of the lines';
    if (cents(summary.taxAmount) !== vat + excise)
      return 'summary-->taxAmount: must be the VAT and excise of the lines';
    if (cents(summary.netAmount) + cents(summary.taxAmount) !== gross)
      return 'summary-->netAmount: net + tax must be the gross';
    const byCategory = (code: string) =>
      document.taxDetails
        .filter((row) => row.taxCategoryCode === code)
        .reduce((sum, row) => sum + cents(row.taxAmount), 0);
    if (byCategory('01') !== vat) return 'taxDetails-->taxAmount: VAT must be the sum of the lines';
    if (byCategory('05') !== excise)
      return 'taxDetails-->taxAmount: excise duty must be the sum of the lines';
    return null;
  }

  #answer(
    request: EfrisEnvelope,
    returnCode: string,
    returnMessage: string,
    content?: unknown,
    key?: Buffer,
  ): EfrisEnvelope {
    const json = content === undefined ? '' : JSON.stringify(content);
    const body = !json ? '' : key ? aesEncrypt(key, json) : Buffer.from(json).toString('base64');
    return {
      data: {
        content: body,
        signature: body
          ? crypto.sign('sha1', Buffer.from(body), this.keys.privateKey).toString('base64')
          : '',
        dataDescription: { codeType: key ? '1' : '0', encryptCode: key ? '2' : '1', zipCode: '0' },
      },
      globalInfo: { ...request.globalInfo, requestCode: 'TA', responseCode: 'TP' },
      returnStateInfo: { returnCode, returnMessage },
    };
  }
}

function fiscalAnswer(invoice: FakeFiscalInvoice) {
  return {
    sellerDetails: { tin: invoice.tin, referenceNo: invoice.referenceNo },
    basicInformation: {
      invoiceId: invoice.invoiceId,
      invoiceNo: invoice.invoiceNo,
      antifakeCode: invoice.antifakeCode,
      issuedDate: invoice.at,
    },
    summary: { qrCode: invoice.qrCode },
    goodsDetails: invoice.upload.goodsDetails,
    buyerDetails: invoice.upload.buyerDetails,
    payWay: invoice.upload.payWay,
  };
}

/** A taxpayer key pair for tests: the private key as the admin uploads it (PEM). */
export function taxpayerKeys(): { privateKeyPem: string; publicKey: crypto.KeyObject } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey };
}

/**
 * `tsx apps/api/test/fakes/efris.ts`: runs the fake on FAKE_EFRIS_PORT for a browser journey,
 * with one taxpayer (FAKE_EFRIS_TIN, FAKE_EFRIS_DEVICE) whose private key it writes, as PEM, to
 * FAKE_EFRIS_KEY_FILE for the admin to upload.
 */
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0')) {
  const { writeFileSync } = await import('node:fs');
  const fake = new FakeEfris();
  const keys = taxpayerKeys();
  fake.registerTaxpayer({
    tin: process.env.FAKE_EFRIS_TIN ?? '1000123456',
    deviceNo: process.env.FAKE_EFRIS_DEVICE ?? 'TCS00012345',
    legalName: 'KAMPALA CELLARS LIMITED',
    businessName: 'Kampala Cellars',
    address: 'Plot 12 Acacia Avenue, Kololo',
    publicKey: keys.publicKey,
  });
  if (process.env.FAKE_EFRIS_KEY_FILE)
    writeFileSync(process.env.FAKE_EFRIS_KEY_FILE, keys.privateKeyPem, { mode: 0o600 });
  await fake.start(Number(process.env.FAKE_EFRIS_PORT ?? 0));
  process.stdout.write(`fake EFRIS on ${fake.url}\n`);
  const stop = () => void fake.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
