import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devMailbox } from '../../db/schema/email';
import type { Executor } from '../../db/transaction';

export type DevMail = typeof devMailbox.$inferSelect;

export async function insertDevMail(
  db: Executor,
  mail: { from: string; to: string; subject: string; text: string; html: string },
): Promise<void> {
  await db.insert(devMailbox).values(mail);
}

export async function listDevMail(
  db: Database,
  options: { to?: string | undefined; limit: number; offset: number },
): Promise<{ rows: DevMail[]; total: number }> {
  const where = options.to ? eq(devMailbox.to, options.to) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(devMailbox)
      .where(where)
      .orderBy(desc(devMailbox.id))
      .limit(options.limit)
      .offset(options.offset),
    countDevMail(db, options.to),
  ]);
  return { rows, total };
}

/** How many e-mails the outbox holds (all of them, or those to one address). */
export async function countDevMail(db: Executor, to?: string): Promise<number> {
  const where = to ? eq(devMailbox.to, to) : undefined;
  const [row] = await db.select({ total: count() }).from(devMailbox).where(where);
  return row?.total ?? 0;
}

export async function findDevMail(db: Database, id: number): Promise<DevMail | undefined> {
  const [row] = await db.select().from(devMailbox).where(eq(devMailbox.id, id)).limit(1);
  return row;
}
