import crypto from 'node:crypto';
import zlib from 'node:zlib';

/**
 * A client of URA's EFRIS system-to-system interface (one POST endpoint, an envelope per call):
 *
 * - `data.content`: the request's JSON, base64; for the interfaces that carry business data it is
 *   AES-128-ECB (PKCS#7) encrypted under the session key first, and `data.signature` is the
 *   RSA-SHA1 signature of that base64 text with the taxpayer's private key.
 *   `data.dataDescription` says how: `codeType` 1 = encrypted, `encryptCode` 2 = AES, `zipCode`
 *   1 = gzipped.
 * - `globalInfo`: the interface code (T101 …), the taxpayer's TIN and device number, the request
 *   time (Kampala, `yyyy-MM-dd HH:mm:ss`) and a fresh `dataExchangeId`.
 * - `returnStateInfo`: URA's `returnCode` (`00` is success) and `returnMessage`.
 *
 * T101 reads URA's clock (ours must be within ±10 minutes: a larger offset is an error, never
 * ignored); T104 hands over the AES session key, RSA-encrypted to the taxpayer's public key
 * (PKCS#1 v1.5), kept in the {@link EfrisKeyCache} and renewed every 24 hours; T103 answers the
 * taxpayer's registration; T109 uploads an invoice; T106/T108 find one by the shop's reference
 * number and read its fiscal details. Every call has a timeout. Content is never logged.
 */

export const EFRIS_PRODUCTION_URL = 'https://efrisws.ura.go.ug/ws/taapp/getInformation';
export const EFRIS_TEST_URL = 'https://efristest.ura.go.ug/efrisws/ws/taapp/getInformation';

export const EFRIS_SUCCESS = '00';
/** URA's "unknown error": its side failed, so the call is worth repeating. */
export const EFRIS_SYSTEM_ERROR = '99';
export const MAX_CLOCK_SKEW_MS = 10 * 60 * 1000;
export const SESSION_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
const KAMPALA_OFFSET_MS = 3 * 60 * 60 * 1000;

export type EfrisErrorKind = 'unavailable' | 'timeout' | 'refused' | 'clock_skew' | 'bad_answer';

/** What went wrong talking to EFRIS, with URA's code and message when it answered. */
export class EfrisError extends Error {
  constructor(
    readonly kind: EfrisErrorKind,
    message: string,
    readonly returnCode: string | null = null,
  ) {
    super(message);
    this.name = 'EfrisError';
  }

  /** Worth trying again later: URA down, slow, its own failure, or our clock (once fixed). */
  get retryable(): boolean {
    return this.kind !== 'refused' || this.returnCode === EFRIS_SYSTEM_ERROR;
  }
}

export type EfrisCredentials = {
  baseUrl: string;
  tin: string;
  deviceNo: string;
  /** PKCS#8 or PKCS#1 PEM of the taxpayer's RSA private key. */
  privateKeyPem: string;
};

export type EfrisEnvelope = {
  data: {
    content: string;
    signature: string;
    dataDescription: { codeType: '0' | '1'; encryptCode: '1' | '2'; zipCode: '0' | '1' };
  };
  globalInfo: {
    appId: string;
    version: string;
    dataExchangeId: string;
    interfaceCode: string;
    requestCode: string;
    requestTime: string;
    responseCode: string;
    userName: string;
    deviceMAC: string;
    deviceNo: string;
    tin: string;
    brn: string;
    taxpayerID: string;
    longitude: string;
    latitude: string;
    agentType: string;
    extendField: { responseDateFormat: string; responseTimeFormat: string; referenceNo: string };
  };
  returnStateInfo: { returnCode: string; returnMessage: string };
};

export type EfrisRegistrationDetails = {
  tin: string;
  legalName: string;
  businessName: string;
  address: string;
  deviceNo: string;
};

export type EfrisFiscalDocument = {
  fiscalDocumentNumber: string;
  verificationCode: string;
  qrCode: string;
};

/** T109's content: URA's invoice upload (the fields this shop fills in). */
export type EfrisInvoiceUpload = {
  sellerDetails: { tin: string; legalName: string; businessName: string; referenceNo: string };
  basicInformation: {
    deviceNo: string;
    issuedDate: string;
    operator: string;
    currency: 'UGX';
    invoiceType: '1';
    invoiceKind: '1';
    dataSource: '103';
    invoiceIndustryCode: '101';
  };
  buyerDetails: { buyerTin: string; buyerLegalName: string; buyerType: '0' | '1' };
  goodsDetails: Array<{
    item: string;
    itemCode: string;
    qty: string;
    unitOfMeasure: string;
    unitPrice: string;
    total: string;
    taxRate: string;
    tax: string;
    orderNumber: string;
    discountFlag: '2';
    deemedFlag: '2';
    /** 1 when the good attracts excise duty (decision 0043): then the excise fields below. */
    exciseFlag: '1' | '2';
    goodsCategoryId: string;
    /** The excise duty code and its name. */
    categoryId?: string;
    categoryName?: string;
    /** By rate: the fraction ("0.8"); by quantity: shillings per unit ("2500"); nil: "-". */
    exciseRate?: string;
    /** 1 by rate, 2 by quantity. */
    exciseRule?: '1' | '2';
    exciseTax?: string;
    pack?: string;
    stick?: string;
    exciseUnit?: string;
    exciseCurrency?: string;
    exciseRateName?: string;
  }>;
  taxDetails: Array<{
    /** 01 standard VAT, 05 excise duty. */
    taxCategoryCode: '01' | '05';
    netAmount: string;
    taxRate: string;
    taxAmount: string;
    grossAmount: string;
    exciseUnit?: string;
    exciseCurrency?: string;
    taxRateName?: string;
  }>;
  summary: {
    netAmount: string;
    taxAmount: string;
    grossAmount: string;
    itemCount: string;
    modeCode: '1';
    remarks: string;
  };
  payWay: Array<{ paymentMode: string; paymentAmount: string; orderNumber: string }>;
};

/** A line as T108 answers it for the original invoice: the credit note repeats it, negated. */
export type EfrisInvoiceLine = EfrisInvoiceUpload['goodsDetails'][number];

/** T108's answer about an invoice, as far as a credit note needs it. */
export type EfrisInvoiceDetails = {
  invoiceId: string;
  invoiceNo: string;
  goodsDetails: EfrisInvoiceLine[];
  buyerDetails: EfrisInvoiceUpload['buyerDetails'];
  /** How it was paid (payWay's first mode): the credit note's money goes back the same way. */
  paymentMode: string;
};

/** T110's content: an application for a credit note against a fiscalised invoice. */
export type EfrisCreditNoteApplication = {
  oriInvoiceId: string;
  oriInvoiceNo: string;
  /** URA's refundReason: 102 cancellation of the purchase, 101 goods returned, 105 others. */
  reasonCode: '101' | '102' | '105';
  reason: string;
  applicationTime: string;
  invoiceApplyCategoryCode: '101';
  currency: 'UGX';
  contactName: string;
  contactMobileNum: string;
  contactEmail: string;
  /** 103: the web-service API. */
  source: '103';
  remarks: string;
  /** The shop's credit note number: how a lost answer is found again (T111/T112). */
  sellersReferenceNo: string;
  goodsDetails: EfrisInvoiceLine[];
  taxDetails: EfrisInvoiceUpload['taxDetails'];
  summary: Omit<EfrisInvoiceUpload['summary'], 'remarks'>;
  payWay: EfrisInvoiceUpload['payWay'];
  buyerDetails: EfrisInvoiceUpload['buyerDetails'];
  basicInformation: { operator: string; invoiceKind: '1'; invoiceIndustryCode: '101' };
};

/** Where URA's approval of a credit note application stands (T111's approveStatus). */
export type EfrisCreditNoteStatus =
  | { state: 'approved'; fiscalDocumentNumber: string }
  | { state: 'submitted' }
  | { state: 'rejected'; message: string };

/** T111's approveStatus codes. */
const CREDIT_NOTE_APPROVED = '101';
const CREDIT_NOTE_SUBMITTED = '102';
const CREDIT_NOTE_REJECTED = '103';
const CREDIT_NOTE_VOIDED = '104';

type CreditNoteRecord = {
  id?: string;
  referenceNo?: string;
  invoiceNo?: string;
  oriInvoiceNo?: string;
  approveStatus?: string;
};

/**
 * Where the AES session keys T104 hands over are kept: `obtain` answers the key for `id` (an
 * endpoint, TIN, device and private key) when one younger than a day is kept, else calls `fetch`
 * (T104) and keeps its answer. The app keeps them in the database for every instance
 * (`efris.session-keys.ts`): a new T104 replaces the device's key at URA.
 */
export type SessionKeyStore = {
  obtain(id: string, fetch: () => Promise<Buffer>): Promise<Buffer>;
};

/** A session key store in this process's memory (one instance, or a test). */
export class EfrisKeyCache implements SessionKeyStore {
  readonly #keys = new Map<string, { key: Buffer; obtainedAt: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async obtain(id: string, fetch: () => Promise<Buffer>): Promise<Buffer> {
    const entry = this.#keys.get(id);
    if (entry && this.#now() - entry.obtainedAt < SESSION_KEY_LIFETIME_MS) return entry.key;
    const key = await fetch();
    this.#keys.set(id, { key, obtainedAt: this.#now() });
    return key;
  }
}

/** `yyyy-MM-dd HH:mm:ss` in Kampala (UTC+3, no daylight saving). */
export function kampalaTimestamp(at: Date): string {
  return new Date(at.getTime() + KAMPALA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** URA's `dd/MM/yyyy HH:mm:ss` (Kampala) as an instant. */
export function parseUraTime(text: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year, hour, minute, second] = match.map(Number) as number[];
  return new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) - KAMPALA_OFFSET_MS);
}

export function uraTime(at: Date): string {
  const kampala = new Date(at.getTime() + KAMPALA_OFFSET_MS).toISOString();
  return `${kampala.slice(8, 10)}/${kampala.slice(5, 7)}/${kampala.slice(0, 4)} ${kampala.slice(11, 19)}`;
}

export function aesEncrypt(key: Buffer, plain: string): string {
  const cipher = crypto.createCipheriv(`aes-${key.length * 8}-ecb`, key, null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

export function aesDecrypt(key: Buffer, base64: string): Buffer {
  const decipher = crypto.createDecipheriv(`aes-${key.length * 8}-ecb`, key, null);
  return Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
}

export function signContent(privateKey: crypto.KeyObject, content: string): string {
  return crypto.sign('sha1', Buffer.from(content, 'utf8'), privateKey).toString('base64');
}

/**
 * RSA PKCS#1 v1.5 decryption of T104's key. Node 20 refuses PKCS#1 v1.5 in `privateDecrypt`
 * (CVE-2023-46809, a timing oracle): the raw RSA result is unpadded here instead. This process
 * offers no decryption oracle (it only decrypts URA's answers), so the attack does not apply.
 */
export function rsaPkcs1Decrypt(privateKey: crypto.KeyObject, ciphertext: Buffer): Buffer {
  let block: Buffer;
  try {
    block = crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_NO_PADDING }, ciphertext);
  } catch {
    // Larger than the modulus, or of the wrong length: not encrypted to this key.
    block = Buffer.alloc(0);
  }
  const separator = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || separator < 10) {
    throw new EfrisError('bad_answer', 'EFRIS sent a session key that does not decrypt with the private key');
  }
  return block.subarray(separator + 1);
}

export function keyFingerprint(privateKey: crypto.KeyObject): string {
  const spki = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return crypto.createHash('sha256').update(spki).digest('hex');
}

type CallOptions = { encrypted: boolean; signed: boolean; referenceNo?: string };

export type EfrisClientOptions = {
  timeoutMs: number;
  keys: SessionKeyStore;
  now?: () => Date;
};

export class EfrisClient {
  readonly #credentials: EfrisCredentials;
  readonly #privateKey: crypto.KeyObject;
  readonly #options: EfrisClientOptions;
  readonly #keyId: string;

  constructor(credentials: EfrisCredentials, options: EfrisClientOptions) {
    this.#credentials = credentials;
    this.#privateKey = crypto.createPrivateKey(credentials.privateKeyPem);
    this.#options = options;
    this.#keyId = `${credentials.baseUrl}|${credentials.tin}|${credentials.deviceNo}|${keyFingerprint(this.#privateKey)}`;
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }

  /** T101: URA's clock and its offset from ours; beyond ±10 minutes an error (`clock_skew`). */
  async serverTime(): Promise<{ serverTime: Date; offsetMs: number; withinLimit: boolean }> {
    const sentAt = this.#now().getTime();
    const answer = await this.#call<{ currentTime?: string }>(
      'T101',
      {},
      { encrypted: false, signed: false },
    );
    const receivedAt = this.#now().getTime();
    const serverTime = parseUraTime(answer?.currentTime ?? '');
    if (!serverTime) throw new EfrisError('bad_answer', 'EFRIS answered T101 without a readable currentTime');
    // URA's clock read halfway through the round trip; its answer has whole seconds only.
    const offsetMs = serverTime.getTime() - Math.round((sentAt + receivedAt) / 2);
    return { serverTime, offsetMs, withinLimit: Math.abs(offsetMs) <= MAX_CLOCK_SKEW_MS };
  }

  /** T101, refusing to go on when the clocks are too far apart (URA would refuse the calls). */
  async checkClock(): Promise<number> {
    const { offsetMs, withinLimit } = await this.serverTime();
    if (!withinLimit) {
      throw new EfrisError(
        'clock_skew',
        `This server's clock is ${Math.round(Math.abs(offsetMs) / 60_000)} minutes ${offsetMs > 0 ? 'behind' : 'ahead of'} URA's (at most 10 are allowed)`,
      );
    }
    return offsetMs;
  }

  /** T104 (once a day, shared through the store): the AES session key. */
  async sessionKey(): Promise<Buffer> {
    return this.#options.keys.obtain(this.#keyId, async () => {
      const answer = await this.#call<{ passowrdDes?: string; sign?: string }>(
        'T104',
        {},
        { encrypted: false, signed: false },
      );
      // URA's field is spelled so.
      if (!answer?.passowrdDes) throw new EfrisError('bad_answer', 'EFRIS answered T104 without a key');
      const keyText = rsaPkcs1Decrypt(this.#privateKey, Buffer.from(answer.passowrdDes, 'base64')).toString(
        'utf8',
      );
      const key = Buffer.from(keyText, 'base64');
      if (![16, 24, 32].includes(key.length)) {
        throw new EfrisError('bad_answer', 'EFRIS sent a session key of a wrong size');
      }
      return key;
    });
  }

  /** T103: the taxpayer's registration as URA holds it. */
  async registrationDetails(): Promise<EfrisRegistrationDetails> {
    const answer = await this.#call<{
      taxpayer?: { tin?: string; legalName?: string; businessName?: string; address?: string };
      device?: { deviceNo?: string };
    }>('T103', {}, { encrypted: true, signed: true });
    const taxpayer = answer?.taxpayer;
    if (!taxpayer?.tin) throw new EfrisError('bad_answer', 'EFRIS answered T103 without the taxpayer');
    return {
      tin: taxpayer.tin,
      legalName: taxpayer.legalName ?? '',
      businessName: taxpayer.businessName ?? '',
      address: taxpayer.address ?? '',
      deviceNo: answer?.device?.deviceNo ?? this.#credentials.deviceNo,
    };
  }

  /** T109: uploads an invoice; answers its fiscal document number, verification code and QR data. */
  async uploadInvoice(invoice: EfrisInvoiceUpload): Promise<EfrisFiscalDocument> {
    const answer = await this.#call<InvoiceAnswer>('T109', invoice, {
      encrypted: true,
      signed: true,
      referenceNo: invoice.sellerDetails.referenceNo,
    });
    return fiscalDocumentOf(answer, 'T109');
  }

  /** T106 then T108: the invoice URA holds under the shop's reference number, or null. */
  async findInvoice(referenceNo: string): Promise<EfrisFiscalDocument | null> {
    const list = await this.#call<{ records?: Array<{ invoiceNo?: string; referenceNo?: string }> }>(
      'T106',
      { referenceNo, pageNo: '1', pageSize: '10' },
      { encrypted: true, signed: true },
    );
    const record = list?.records?.find((item) => item.referenceNo === referenceNo && item.invoiceNo);
    if (!record?.invoiceNo) return null;
    const details = await this.#call<InvoiceAnswer>(
      'T108',
      { invoiceNo: record.invoiceNo },
      { encrypted: true, signed: true },
    );
    return fiscalDocumentOf(details, 'T108');
  }

  /** T108: the invoice URA holds under its fiscal number (its id and lines, for a credit note). */
  async invoiceDetails(invoiceNo: string): Promise<EfrisInvoiceDetails> {
    const answer = await this.#call<{
      basicInformation?: { invoiceId?: string; invoiceNo?: string };
      goodsDetails?: EfrisInvoiceLine[];
      buyerDetails?: EfrisInvoiceUpload['buyerDetails'];
      payWay?: Array<{ paymentMode?: string }>;
    }>('T108', { invoiceNo }, { encrypted: true, signed: true });
    const invoiceId = answer?.basicInformation?.invoiceId;
    if (!invoiceId || !answer?.goodsDetails?.length || !answer.buyerDetails) {
      throw new EfrisError('bad_answer', 'EFRIS answered T108 without the invoice id, lines or buyer');
    }
    return {
      invoiceId,
      invoiceNo: answer.basicInformation?.invoiceNo ?? invoiceNo,
      goodsDetails: answer.goodsDetails,
      buyerDetails: answer.buyerDetails,
      // 105: mobile money, how the shop is paid online.
      paymentMode: answer.payWay?.[0]?.paymentMode ?? '105',
    };
  }

  /** T110: applies for a credit note; answers URA's reference of the application. */
  async applyCreditNote(application: EfrisCreditNoteApplication): Promise<string> {
    const answer = await this.#call<{ referenceNo?: string }>('T110', application, {
      encrypted: true,
      signed: true,
      referenceNo: application.sellersReferenceNo,
    });
    if (!answer?.referenceNo) throw new EfrisError('bad_answer', 'EFRIS answered T110 without a referenceNo');
    return answer.referenceNo;
  }

  /**
   * T111 (this taxpayer's applications against the invoice) then T112 (each one's details): URA's
   * reference of a live (submitted or approved) application made with the shop's credit note
   * number, or null. How a T110 whose answer was lost is found instead of applied for twice.
   */
  async findCreditNoteApplication(oriInvoiceNo: string, sellersReferenceNo: string): Promise<string | null> {
    const list = await this.#call<{ records?: CreditNoteRecord[] }>(
      'T111',
      {
        oriInvoiceNo,
        approveStatus: `${CREDIT_NOTE_APPROVED},${CREDIT_NOTE_SUBMITTED}`,
        queryType: '1',
        invoiceApplyCategoryCode: '101',
        pageNo: '1',
        pageSize: '100',
      },
      { encrypted: true, signed: true },
    );
    for (const record of list?.records ?? []) {
      if (!record.id || !record.referenceNo) continue;
      if (record.approveStatus !== CREDIT_NOTE_APPROVED && record.approveStatus !== CREDIT_NOTE_SUBMITTED)
        continue;
      const details = await this.#call<{ sellersReferenceNo?: string }>(
        'T112',
        { id: record.id },
        { encrypted: true, signed: true },
      );
      if (details?.sellersReferenceNo === sellersReferenceNo) return record.referenceNo;
    }
    return null;
  }

  /** T111 by URA's reference (and T112 for the approver's remarks when refused): the approval. */
  async creditNoteStatus(referenceNo: string): Promise<EfrisCreditNoteStatus> {
    const list = await this.#call<{ records?: CreditNoteRecord[] }>(
      'T111',
      { referenceNo, queryType: '1', pageNo: '1', pageSize: '10' },
      { encrypted: true, signed: true },
    );
    const record = list?.records?.find((item) => item.referenceNo === referenceNo);
    if (!record?.approveStatus) {
      throw new EfrisError('bad_answer', `EFRIS does not list the credit note application ${referenceNo}`);
    }
    if (record.approveStatus === CREDIT_NOTE_APPROVED) {
      if (!record.invoiceNo)
        throw new EfrisError('bad_answer', 'EFRIS answered T111 approved without the credit note number');
      return { state: 'approved', fiscalDocumentNumber: record.invoiceNo };
    }
    if (record.approveStatus === CREDIT_NOTE_REJECTED || record.approveStatus === CREDIT_NOTE_VOIDED) {
      const details = record.id
        ? await this.#call<{ approveRemarks?: string }>(
            'T112',
            { id: record.id },
            { encrypted: true, signed: true },
          )
        : null;
      const verdict = record.approveStatus === CREDIT_NOTE_REJECTED ? 'rejected' : 'voided';
      return {
        state: 'rejected',
        message: details?.approveRemarks
          ? `URA ${verdict} the credit note: ${details.approveRemarks}`
          : `URA ${verdict} the credit note`,
      };
    }
    return { state: 'submitted' };
  }

  /** Any other interface, encrypted and signed (the goods' calls: `efris.goods.client.ts`). */
  async request<T>(interfaceCode: string, content: object, referenceNo?: string): Promise<T | null> {
    return this.#call<T>(interfaceCode, content, { encrypted: true, signed: true, referenceNo });
  }

  async #call<T>(interfaceCode: string, content: object, options: CallOptions): Promise<T | null> {
    const json = JSON.stringify(content);
    const key = options.encrypted ? await this.sessionKey() : null;
    const body = key
      ? aesEncrypt(key, json)
      : interfaceCode === 'T101' || interfaceCode === 'T104'
        ? ''
        : Buffer.from(json).toString('base64');
    const envelope = this.#envelope(interfaceCode, body, options, key !== null);
    let response: Response;
    try {
      response = await fetch(this.#credentials.baseUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(envelope),
        signal: AbortSignal.timeout(this.#options.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new EfrisError(
          'timeout',
          `EFRIS did not answer ${interfaceCode} within ${this.#options.timeoutMs} ms`,
        );
      }
      throw new EfrisError('unavailable', `EFRIS could not be reached for ${interfaceCode}`);
    }
    let answer: EfrisEnvelope;
    try {
      if (!response.ok) {
        throw new EfrisError('unavailable', `EFRIS answered ${interfaceCode} with HTTP ${response.status}`);
      }
      answer = (await response.json()) as EfrisEnvelope;
    } catch (error) {
      if (error instanceof EfrisError) throw error;
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new EfrisError(
          'timeout',
          `EFRIS did not finish answering ${interfaceCode} within ${this.#options.timeoutMs} ms`,
        );
      }
      throw new EfrisError('bad_answer', `EFRIS answered ${interfaceCode} with something other than JSON`);
    }
    const state = answer.returnStateInfo;
    if (!state || state.returnCode !== EFRIS_SUCCESS) {
      const code = state?.returnCode ?? '';
      throw new EfrisError(
        'refused',
        `URA refused ${interfaceCode}: ${state?.returnMessage || 'no message'} (code ${code})`,
        code,
      );
    }
    return this.#readContent<T>(answer, key);
  }

  #readContent<T>(answer: EfrisEnvelope, key: Buffer | null): T | null {
    const data = answer.data;
    if (!data?.content) return null;
    try {
      let bytes: Buffer =
        data.dataDescription?.codeType === '1' && key
          ? aesDecrypt(key, data.content)
          : Buffer.from(data.content, 'base64');
      if (data.dataDescription?.zipCode === '1') bytes = zlib.gunzipSync(bytes);
      return JSON.parse(bytes.toString('utf8')) as T;
    } catch {
      throw new EfrisError(
        'bad_answer',
        `EFRIS's answer to ${answer.globalInfo?.interfaceCode ?? 'a call'} could not be read`,
      );
    }
  }

  #envelope(interfaceCode: string, content: string, options: CallOptions, encrypted: boolean): EfrisEnvelope {
    return {
      data: {
        content,
        signature: options.signed && content ? signContent(this.#privateKey, content) : '',
        dataDescription: {
          codeType: encrypted ? '1' : '0',
          encryptCode: encrypted ? '2' : '1',
          zipCode: '0',
        },
      },
      globalInfo: {
        appId: 'AP04',
        version: '1.1.20191201',
        dataExchangeId: crypto.randomUUID().replaceAll('-', ''),
        interfaceCode,
        requestCode: 'TP',
        requestTime: kampalaTimestamp(this.#now()),
        responseCode: 'TA',
        userName: 'admin',
        deviceMAC: 'FFFFFFFFFFFF',
        deviceNo: this.#credentials.deviceNo,
        tin: this.#credentials.tin,
        brn: '',
        taxpayerID: '1',
        longitude: '32.5825',
        latitude: '0.3476',
        agentType: '0',
        extendField: {
          responseDateFormat: 'dd/MM/yyyy',
          responseTimeFormat: 'dd/MM/yyyy HH:mm:ss',
          referenceNo: options.referenceNo ?? '',
        },
      },
      returnStateInfo: { returnCode: '', returnMessage: '' },
    };
  }
}

type InvoiceAnswer = {
  basicInformation?: { invoiceNo?: string; antifakeCode?: string };
  summary?: { qrCode?: string };
};

function fiscalDocumentOf(answer: InvoiceAnswer | null, interfaceCode: string): EfrisFiscalDocument {
  const invoiceNo = answer?.basicInformation?.invoiceNo;
  const antifakeCode = answer?.basicInformation?.antifakeCode;
  if (!invoiceNo || !antifakeCode) {
    throw new EfrisError('bad_answer', `EFRIS answered ${interfaceCode} without the fiscal document number`);
  }
  return {
    fiscalDocumentNumber: invoiceNo,
    verificationCode: antifakeCode,
    qrCode: answer?.summary?.qrCode ?? '',
  };
}
