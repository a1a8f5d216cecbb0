import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction';

/** The SQL of paid tickets' tax invoices (migration 0051, decision 0034). */

/**
 * Issues the ticket's invoice with the next number of the orders' series (`invoice` counter,
 * locked until the payment's transaction ends, so the series stays gapless). Once per payment:
 * a second settlement of the same payment finds the first.
 */
export async function insertTicketInvoice(
  tx: Executor,
  invoice: {
    rsvpId: string;
    transactionId: string;
    userId: string;
    eventId: number;
    ticketCode: string;
    guests: number;
    total: number;
    vat: { shopTin: string; vatTotal: number } | null;
  },
): Promise<void> {
  await tx.execute(sql`
    WITH next AS (
      UPDATE document_counters SET value = value + 1 WHERE name = 'invoice'
         AND NOT EXISTS (SELECT 1 FROM ticket_invoices WHERE transaction_id = ${invoice.transactionId})
      RETURNING value)
    INSERT INTO ticket_invoices (invoice_number, rsvp_id, transaction_id, user_id, event_id, ticket_code, guests,
      unit_price, total, shop_tin, vat_total)
    SELECT 'INV-' || lpad(next.value::text, greatest(6, length(next.value::text)), '0'),
           ${invoice.rsvpId}, ${invoice.transactionId}, ${invoice.userId}, ${invoice.eventId}, ${invoice.ticketCode},
           ${invoice.guests}, ${invoice.total / invoice.guests}, ${invoice.total}, ${invoice.vat?.shopTin ?? null},
           ${invoice.vat?.vatTotal ?? null}
      FROM next`);
}

export type TicketInvoiceRow = {
  id: number;
  invoice_number: string;
  rsvp_id: string;
  user_id: string;
  ticket_code: string;
  guests: number;
  unit_price: number;
  total: number;
  shop_tin: string | null;
  vat_total: number | null;
  issued_at: Date;
  event_title: string;
  event_starts_at: Date;
  venue_name: string;
  venue_address: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
};

const SELECT = sql`
  SELECT i.id, i.invoice_number, i.rsvp_id, i.user_id, i.ticket_code, i.guests, i.unit_price, i.total, i.shop_tin,
         i.vat_total, i.issued_at, e.title AS event_title, e.starts_at AS event_starts_at, e.venue_name,
         e.venue_address, u.name AS customer_name, u.email AS customer_email, u.phone AS customer_phone
    FROM ticket_invoices i
    JOIN events e ON e.id = i.event_id
    JOIN users u ON u.id = i.user_id`;

const asRow = (row: TicketInvoiceRow | undefined) =>
  row && {
    ...row,
    issued_at: new Date(row.issued_at),
    event_starts_at: new Date(row.event_starts_at),
  };

/** One ticket invoice; `userId` restricts it to that customer's (null: staff). */
export async function findTicketInvoice(
  db: Executor,
  id: number,
  userId: string | null,
): Promise<TicketInvoiceRow | undefined> {
  const owner = userId === null ? sql`` : sql`AND i.user_id = ${userId}`;
  const result = await db.execute<TicketInvoiceRow>(sql`${SELECT} WHERE i.id = ${id} ${owner}`);
  return asRow(result.rows[0]);
}

/** The invoice of each RSVP's current ticket (one query): by RSVP id. */
export async function ticketInvoicesOfRsvps(
  db: Executor,
  rsvps: Array<{ id: string; ticket_code: string }>,
): Promise<Map<string, { id: number; invoice_number: string; shop_tin: string | null }>> {
  if (rsvps.length === 0) return new Map();
  const result = await db.execute<{
    id: number;
    rsvp_id: string;
    invoice_number: string;
    shop_tin: string | null;
  }>(sql`
    SELECT DISTINCT ON (rsvp_id) id, rsvp_id, invoice_number, shop_tin FROM ticket_invoices
     WHERE rsvp_id = ANY(${sql.param(rsvps.map((rsvp) => rsvp.id))}::uuid[])
       AND ticket_code = ANY(${sql.param(rsvps.map((rsvp) => rsvp.ticket_code))}::text[])
     ORDER BY rsvp_id, issued_at DESC`);
  return new Map(result.rows.map((row) => [row.rsvp_id, row]));
}
