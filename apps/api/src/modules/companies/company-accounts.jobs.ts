import { formatKampalaDate } from '@shop/contract/kampala-time';
import { formatUGX } from '@shop/contract/money';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Jobs } from '../../plugins/jobs';
import type { EmailService } from '../email/email.service';
import { renderEmail } from '../email/layout';

/** The overdue reminders of on-account invoices (decision 0042; registered by ./company-accounts.plugin.ts). */

/** Every hour: overdue invoices without this interval's reminder get one (its row and e-mail job). */
export const OVERDUE_SCAN_QUEUE = 'companies.overdue-scan';
/** One job per reminder, written with its row. */
export const OVERDUE_REMINDER_QUEUE = 'companies.overdue-reminder';
/** A reminder when an invoice falls overdue, then one each this many days while it stays unpaid (0042). */
export const OVERDUE_REMINDER_INTERVAL_DAYS = 7;
/** Reminders written per scan; the next scan takes the rest. */
const SCAN_BATCH = 500;

export type OverdueReminderJob = { invoiceId: number; reminderNumber: number };

/**
 * Writes the reminder due now of each overdue invoice (the first on its due date, then one per
 * interval), with its e-mail's job, in one transaction. The row's primary key (invoice, number)
 * makes a retried, doubled or concurrent scan write none twice. Answers the reminders written.
 */
export async function queueOverdueReminders(
  db: Database,
  jobs: Pick<Jobs, 'send'>,
  now: Date = new Date(),
): Promise<OverdueReminderJob[]> {
  return db.transaction(async (tx) => {
    const written = await tx.execute<{ invoice_id: number; reminder_number: number }>(sql`
      INSERT INTO company_invoice_reminders (invoice_id, reminder_number)
      SELECT due.id, due.reminder_number FROM (
        SELECT i.id, floor(extract(epoch FROM ${now}::timestamptz - i.due_at)
                 / (86400 * ${OVERDUE_REMINDER_INTERVAL_DAYS}))::int + 1 AS reminder_number
        FROM invoices i
        WHERE i.due_at < ${now}::timestamptz AND i.paid_at IS NULL AND i.voided_at IS NULL
      ) due
      WHERE NOT EXISTS (SELECT 1 FROM company_invoice_reminders r
                        WHERE r.invoice_id = due.id AND r.reminder_number = due.reminder_number)
      ORDER BY due.id
      LIMIT ${SCAN_BATCH}
      ON CONFLICT DO NOTHING
      RETURNING invoice_id, reminder_number`);
    const reminders = written.rows.map((row) => ({
      invoiceId: row.invoice_id,
      reminderNumber: row.reminder_number,
    }));
    for (const reminder of reminders) await jobs.send(OVERDUE_REMINDER_QUEUE, reminder, { tx });
    return reminders;
  });
}

type ReminderRow = {
  sent_at: Date | null;
  invoice_number: string;
  total: number;
  paid: number;
  due_at: Date;
  paid_at: Date | null;
  voided_at: Date | null;
  order_number: string;
  lpo_number: string | null;
  company_id: string;
  company_name: string;
  billing_email: string;
};

/**
 * Sends one reminder to the company's invoices address, once: a retry after it went out finds it
 * recorded; an invoice paid or cancelled meanwhile gets none.
 */
export async function sendOverdueReminder(
  deps: { db: Database; email: EmailService; publicUrl: string },
  job: OverdueReminderJob,
): Promise<void> {
  // The reminder's row is locked while the mail server is asked: a second run waits, then finds it sent.
  await deps.db.transaction(async (tx) => {
    const result = await tx.execute<ReminderRow>(sql`
      SELECT r.sent_at, i.invoice_number, i.total, i.due_at, i.paid_at, i.voided_at, o.order_number,
             o.lpo_number, c.id AS company_id, c.name AS company_name, c.billing_email,
             (SELECT COALESCE(SUM(p.amount), 0)::int FROM company_payments p WHERE p.invoice_id = i.id) AS paid
      FROM company_invoice_reminders r
      JOIN invoices i ON i.id = r.invoice_id
      JOIN orders o ON o.id = i.order_id
      JOIN companies c ON c.id = o.company_id
      WHERE r.invoice_id = ${job.invoiceId} AND r.reminder_number = ${job.reminderNumber}
      FOR UPDATE OF r`);
    const row = result.rows[0];
    if (!row || row.sent_at || row.paid_at || row.voided_at) return;
    const owed = row.total - row.paid;
    const lpo = row.lpo_number ? ` (LPO ${row.lpo_number})` : '';
    const rendered = renderEmail({
      subject: `Invoice ${row.invoice_number} is overdue: ${formatUGX(owed)}`,
      heading: `Invoice ${row.invoice_number} is overdue`,
      paragraphs: [
        `Dear ${row.company_name} accounts,`,
        `Invoice ${row.invoice_number} for order ${row.order_number}${lpo} was due on ${formatKampalaDate(row.due_at)}; ${formatUGX(owed)} of its ${formatUGX(row.total)} is still unpaid.`,
        'Please pay it with the invoice number as the reference. If you have paid already, thank you: please send us the payment’s reference so that we can match it.',
      ],
      action: { label: 'See the company’s statement', url: `${deps.publicUrl}/company` },
    });
    await deps.email.sendEmail({ to: row.billing_email, ...rendered }, { tx });
    await tx.execute(sql`
      UPDATE company_invoice_reminders SET sent_at = now()
      WHERE invoice_id = ${job.invoiceId} AND reminder_number = ${job.reminderNumber}`);
  });
}
