import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The e-mails the shop sent through the loopback SMTP server that e2e/serve.mjs starts
 * (e2e/support/identity/test-idp.mjs writes each one as a JSON file in this directory).
 */
export type SentMail = { from: string; to: string[]; raw: string };

function mailDir(): string {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set: run through playwright.config.ts');
  return path.join(os.tmpdir(), `kampala-cellars-e2e-mail-${port}`);
}

function readAll(): SentMail[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as SentMail);
}

/** Waits (up to 15 s) for an e-mail to `to` whose subject matches, and answers the newest. */
export async function waitForMail(to: string, subject: RegExp): Promise<SentMail> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = readAll().filter(
      (mail) => mail.to.includes(to) && subject.test(decodeQuotedPrintable(headerBlock(mail.raw))),
    );
    const last = mails.at(-1);
    if (last) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No e-mail to ${to} matching ${subject} arrived`);
}

const headerBlock = (raw: string) => raw.split(/\r?\n\r?\n/)[0] ?? '';

/** Undoes quoted-printable soft line breaks and escapes (nodemailer's encoding of long lines). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The password-reset link of an e-mail (`<shop>/reset-password?token=…`). */
export function resetLinkIn(mail: SentMail, baseURL: string): string {
  const decoded = decodeQuotedPrintable(mail.raw);
  const escaped = baseURL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/reset-password\\?token=[A-Za-z0-9%_.-]+`).exec(decoded);
  if (!match) throw new Error(`No reset link in:\n${decoded}`);
  return match[0];
}
