import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  aesDecrypt,
  aesEncrypt,
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
} as const;

export type FakeTaxpayer = {
  tin: string;
  deviceNo: string;
  legalName: string;
  businessName: string;
  address: string;
  publicKey: crypto.KeyObject;
};

export type FakeFiscalInvoice = {
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
  /** Every envelope received, by interface code. */
  readonly calls: string[] = [];
  readonly #taxpayers = new Map<string, FakeTaxpayer>();
  readonly #sessionKeys = new Map<string, Buffer>();
  #trouble: Trouble[] = [];
  #lateMs = 0;
  #lateCount = 0;
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

  /** The next `count` calls are answered `ms` late (the work done at once). */
  answerLate(ms: number, count = 1) {
    this.#lateMs = ms;
    this.#lateCount = count;
  }

  /** The next `count` calls get no answer at all. */
  hang(count = 1) {
    this.#hangCount = count;
  }

  /** The fake's clock runs this far ahead of the machine's (negative: behind). */
  driftClock(ms: number) {
    this.#driftMs = ms;
  }

  uploadsOf(referenceNo: string): FakeFiscalInvoice[] {
    return this.invoices.filter((invoice) => invoice.referenceNo === referenceNo);
  }

  reset() {
    this.invoices.length = 0;
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
    await new Promise<void>((resolve) => this.#server?.listen(port, '127.0.0.1', resolve));
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
    if (this.#lateCount > 0) {
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
      case 'T109': {
        const upload = content as unknown as EfrisInvoiceUpload;
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
          invoiceNo,
          antifakeCode,
          qrCode: `https://efristest.ura.go.ug/site_mobile/#/invoiceValidation?invoiceNo=${invoiceNo}&antiFakeCode=${antifakeCode}`,
          referenceNo,
          tin: taxpayer.tin,
          upload,
          at: kampalaTimestamp(this.#now()),
        };
        this.invoices.push(invoice);
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
      default:
        return this.#answer(
          envelope,
          FAKE_EFRIS_CODES.systemError,
          `Interface ${info.interfaceCode} is not offered by this fake`,
        );
    }
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
      invoiceNo: invoice.invoiceNo,
      antifakeCode: invoice.antifakeCode,
      issuedDate: invoice.at,
    },
    summary: { qrCode: invoice.qrCode },
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
