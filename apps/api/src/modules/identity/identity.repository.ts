import crypto from 'node:crypto';
import type { UserRole } from '@shop/contract/identity';
import { and, eq, gt, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { knownDevices, sessions, users } from '../../db/schema/identity';
import type { Executor } from '../../db/transaction';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return row;
}

/** A one-time password was printed (`npm run admin -- create`): it must be changed at first sign-in. */
export async function setMustChangePassword(db: Database, id: string): Promise<void> {
  await db.update(users).set({ mustChangePassword: true, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function setUserRole(db: Executor, id: string, role: UserRole): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

/** The account has chosen its own password: the one-time password's restrictions end. */
export async function clearMustChangePassword(db: Database, id: string): Promise<void> {
  await db
    .update(users)
    .set({ mustChangePassword: false, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.mustChangePassword, true)));
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Deletes an anonymous user (its sessions and accounts go with it). Never touches a real account. */
export async function deleteAnonymousUser(db: Database, userId: string): Promise<void> {
  await db.delete(users).where(and(eq(users.id, userId), eq(users.isAnonymous, true)));
}

export function deviceFingerprint(userAgent: string | null, ipAddress: string | null): string {
  return crypto
    .createHash('sha256')
    .update(`${userAgent ?? ''}\u0000${ipAddress ?? ''}`)
    .digest('base64url');
}

/**
 * Records that `userId` signed in from this device. Answers whether the device is new and
 * whether the user had any device before it (the first device of a new account is no news).
 */
export async function rememberDevice(
  db: Database,
  device: { userId: string; userAgent: string | null; ipAddress: string | null; at: Date },
): Promise<{ isNew: boolean; hadOtherDevices: boolean }> {
  const fingerprint = deviceFingerprint(device.userAgent, device.ipAddress);
  const inserted = await db
    .insert(knownDevices)
    .values({
      userId: device.userId,
      fingerprint,
      userAgent: device.userAgent,
      ipAddress: device.ipAddress,
      firstSeenAt: device.at,
      lastSeenAt: device.at,
    })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.fingerprint],
      set: { lastSeenAt: device.at },
    })
    // xmax is 0 on a freshly inserted row, and set on a row the upsert updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const isNew = inserted[0]?.inserted === true;
  if (!isNew) return { isNew: false, hadOtherDevices: true };
  const [others] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, device.userId), sql`${knownDevices.fingerprint} <> ${fingerprint}`));
  return { isNew: true, hadOtherDevices: (others?.total ?? 0) > 0 };
}

/**
 * Removes anonymous users created before `createdBefore` that have no live session: their
 * session (24 hours) is over and a returning visitor gets a new anonymous user.
 */
export async function purgeStaleAnonymousUsers(
  db: Database,
  createdBefore: Date,
  now: Date,
): Promise<number> {
  const deleted = await db
    .delete(users)
    .where(
      and(
        eq(users.isAnonymous, true),
        lt(users.createdAt, createdBefore),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sessions)
            .where(and(eq(sessions.userId, users.id), gt(sessions.expiresAt, now))),
        ),
      ),
    )
    .returning({ id: users.id });
  return deleted.length;
}

/** Removes sessions that expired before `before` (better-auth deletes them only when they are used). */
export async function purgeExpiredSessions(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, before))
    .returning({ id: sessions.id });
  return deleted.length;
}

/**
 * Where and when the customer signed in: their sessions and known devices, never a token or
 * fingerprint (the copy of their data, modules/data-exports).
 */
export async function signInHistoryOf(db: Executor, userId: string) {
  const [sessionRows, deviceRows] = await Promise.all([
    db
      .select({
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(sessions.createdAt),
    db
      .select({
        firstSeenAt: knownDevices.firstSeenAt,
        lastSeenAt: knownDevices.lastSeenAt,
        ipAddress: knownDevices.ipAddress,
        userAgent: knownDevices.userAgent,
      })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(knownDevices.firstSeenAt),
  ]);
  return { sessions: sessionRows, devices: deviceRows };
}
