import { MAX_PAGE_SIZE } from '@shop/contract/constants';
import type { DataExportKind } from '@shop/contract/data-exports';
import { strToU8, zipSync } from 'fflate';
import type { Database } from '../../db/client';
import { csvLine } from '../../lib/csv';
import { listCompaniesOfBuyer } from '../companies/companies.repository';
import { consentRecordsOf } from '../consents/consents.repository';
import { findInstructionDefaults } from '../delivery/delivery.repository';
import { listDevMail } from '../email/dev-mailbox.repository';
import { listRsvpsOfUser } from '../events/events.repository';
import { giftsSentBy } from '../gifts/gifts.repository';
import { signInHistoryOf } from '../identity/identity.repository';
import { pageOfNotifications } from '../notifications/notifications.repository';
import { renderInvoicePdf } from '../orders/invoice-pdf';
import { type OrderRow, ordersOfUserAfter } from '../orders/orders.repository';
import { listUserTransactions } from '../payments/payments.repository';
import { findProfile } from '../profile/profile.repository';
import { renderCreditNotePdf } from '../refunds/credit-note-pdf';
import { creditNotesOfUser } from '../refunds/refunds.repository';
import { reviewsByAuthor } from '../reviews/reviews.repository';
import { smsMessagesOfUser } from '../sms/sms.service';
import { listWishlist } from '../wishlist/wishlist.repository';

/**
 * The copy of one customer's data (decision 0021): every kind read through its own module's
 * functions by the customer's id (or their address, for the e-mails), a page at a time, then
 * written as `<kind>.json` and `<kind>.csv` with the invoices' and credit notes' PDFs, in a ZIP.
 */

type Row = Record<string, unknown>;

/** Every page of an offset-paged list of the customer's (the owning modules' own lists). */
async function allPages<T>(page: (limit: number, offset: number) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const batch = await page(MAX_PAGE_SIZE, offset);
    rows.push(...batch);
    if (batch.length < MAX_PAGE_SIZE) return rows;
  }
}

async function allOrders(db: Database, userId: string): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  let after: OrderRow | null = null;
  for (;;) {
    const batch: OrderRow[] = await ordersOfUserAfter(db, userId, after, MAX_PAGE_SIZE);
    rows.push(...batch);
    if (batch.length < MAX_PAGE_SIZE) return rows;
    after = batch.at(-1) ?? null;
  }
}

export type ExportContents = { kinds: Record<DataExportKind, Row[]>; files: Record<string, Uint8Array> };

const safeName = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

export async function collectExport(db: Database, userId: string, now: Date): Promise<ExportContents> {
  const profile = await findProfile(db, userId);
  if (!profile) throw new Error('data export: the account is gone');
  const [
    orders,
    creditNotes,
    payments,
    rsvps,
    reviews,
    wishlist,
    notifications,
    emails,
    sms,
    consents,
    history,
    instructions,
    gifts,
    companies,
  ] = await Promise.all([
    allOrders(db, userId),
    creditNotesOfUser(db, userId),
    allPages(async (limit, offset) => (await listUserTransactions(db, userId, { limit, offset })).rows),
    allPages(async (limit, offset) => (await listRsvpsOfUser(db, userId, {}, now, { limit, offset })).rows),
    reviewsByAuthor(db, userId),
    allPages(async (limit, offset) => (await listWishlist(db, userId, { limit, offset })).rows),
    allPages(
      async (limit, offset) =>
        (await pageOfNotifications(db, userId, { page: offset / limit + 1, page_size: limit })).rows,
    ),
    allPages(async (limit, offset) => (await listDevMail(db, { to: profile.email, limit, offset })).rows),
    smsMessagesOfUser(db, userId),
    consentRecordsOf(db, userId),
    signInHistoryOf(db, userId),
    findInstructionDefaults(db, userId),
    allPages((limit, offset) => giftsSentBy(db, userId, limit, offset)),
    allPages(
      async (limit, offset) =>
        (await listCompaniesOfBuyer(db, userId, { page: offset / limit + 1, page_size: limit })).rows,
    ),
  ]);

  const files: Record<string, Uint8Array> = {};
  for (const order of orders) {
    if (order.invoice_number)
      files[`invoices/${safeName(order.invoice_number)}.pdf`] = await renderInvoicePdf(order);
  }
  for (const note of creditNotes)
    files[`credit_notes/${safeName(note.number)}.pdf`] = await renderCreditNotePdf(note);

  const kinds: Record<DataExportKind, Row[]> = {
    profile: [
      {
        name: profile.name,
        email: profile.email,
        phone: profile.phone,
        date_of_birth: profile.dateOfBirth,
        email_verified: profile.emailVerified,
        newsletter_opt_in: profile.newsletterOptIn,
        created_at: profile.createdAt,
        updated_at: profile.updatedAt,
      },
    ],
    addresses: [
      ...(profile.defaultDeliveryAddress
        ? [{ source: 'default delivery address', ...profile.defaultDeliveryAddress }]
        : []),
      ...(instructions ? [{ source: 'saved delivery instructions', instructions }] : []),
      ...orders
        .filter((order) => order.street || order.delivery_zone_name)
        .map((order) => ({
          source: `order ${order.order_number}`,
          zone: order.delivery_zone_name,
          street: order.street,
          contact_name: order.contact_name,
          contact_phone: order.contact_phone,
          instructions: order.delivery_instructions,
        })),
    ],
    orders: orders.map(({ items: _items, user_id: _user, customer_email: _email, ...order }) => order),
    order_lines: orders.flatMap((order) =>
      order.items.map((item) => ({ order_number: order.order_number, ...item })),
    ),
    invoices: orders
      .filter((order) => order.invoice_number)
      .map((order) => ({
        invoice_number: order.invoice_number,
        order_number: order.order_number,
        status: order.invoice_status,
        total: order.total,
        issued_at: order.invoice_issued_at,
        paid_at: order.invoice_paid_at,
        pdf: `invoices/${safeName(order.invoice_number ?? '')}.pdf`,
      })),
    credit_notes: creditNotes.map((note) => ({
      number: note.number,
      amount: note.amount,
      issued_at: note.issued_at,
      reason: note.reason,
      for: note.subject_label,
      invoice_number: note.invoice_number,
      pdf: `credit_notes/${safeName(note.number)}.pdf`,
    })),
    payments,
    rsvps: rsvps.map(({ user_id: _user, checked_in_by: _by, ...rsvp }) => rsvp),
    reviews: reviews.map(
      ({ is_own: _own, voted_helpful: _voted, reported_by_me: _reported, ...review }) => review,
    ),
    wishlist,
    notifications: notifications.map(({ userId: _user, dedupeKey: _key, ...notification }) => notification),
    emails: emails.map((mail) => ({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      created_at: mail.createdAt,
    })),
    sms,
    consents,
    sign_in_history: [
      ...history.sessions.map((session) => ({ kind: 'session', ...session })),
      ...history.devices.map((device) => ({ kind: 'known device', ...device })),
    ],
    gifts,
    companies,
  };
  return { kinds, files };
}

function cellOf(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

/** One kind as CSV (lib/csv.ts): a header of every column any row has, then one line a row. */
export function toCsv(rows: Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return csvLine(columns) + rows.map((row) => csvLine(columns.map((column) => cellOf(row[column])))).join('');
}

const README = `A copy of the data our shop keeps about you.
Each kind is here twice: <kind>.json (complete) and <kind>.csv (for a spreadsheet).
Invoices and credit notes are in invoices/ and credit_notes/ as PDF.
`;

export function zipExport(contents: ExportContents): Uint8Array {
  const entries: Record<string, Uint8Array> = { 'README.txt': strToU8(README) };
  for (const [kind, rows] of Object.entries(contents.kinds)) {
    entries[`${kind}.json`] = strToU8(JSON.stringify(rows, null, 2));
    entries[`${kind}.csv`] = strToU8(toCsv(rows));
  }
  // PDFs are compressed already.
  for (const [name, file] of Object.entries(contents.files)) entries[name] = file;
  return zipSync(entries, { level: 6 });
}
