import type { DeliveryAddress } from '@shop/contract/profile';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/identity';
import type { Executor } from '../../db/transaction';

export type ProfileRow = typeof users.$inferSelect;

export type ProfileChanges = {
  name?: string;
  phone?: string | null;
  dateOfBirth?: string;
  defaultDeliveryAddress?: DeliveryAddress | null;
  newsletterOptIn?: boolean;
};

/** The profile of a non-anonymous user. */
export async function findProfile(db: Database, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isAnonymous, false)))
    .limit(1);
  return row;
}

/** Writes only the given fields of that user's own row; answers the row after the change. */
export async function updateProfile(
  db: Executor,
  userId: string,
  changes: ProfileChanges,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.isAnonymous, false)))
    .returning();
  return row;
}

/** The newsletter choice of a non-anonymous user, locked for the rest of the transaction. */
export async function lockNewsletterOptIn(tx: Executor, userId: string): Promise<boolean | undefined> {
  const [row] = await tx
    .select({ optIn: users.newsletterOptIn })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isAnonymous, false)))
    .for('update')
    .limit(1);
  return row?.optIn;
}
