import type { UserRole } from '@shop/contract/identity';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';

/**
 * The back office's people: customers (every account, not the anonymous visitors) and staff.
 * Each list is one page query and one count, served by the indexes of migration 0028 (newest
 * first; trigram indexes on name, e-mail and phone for the search); a customer's page is a fixed
 * handful of queries, whatever they bought.
 */

/** `%…%` for ILIKE, with the pattern's own wildcards escaped. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** "0772 123 456" → "256772123456" (phones are stored as +2567…); null when the text is no phone. */
export function phoneDigits(text: string): string | null {
  if (!/^[+\d\s()-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < 4) return null;
  return digits.startsWith('0') ? `256${digits.slice(1)}` : digits;
}

export type PersonRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: UserRole;
  created_at: Date;
  disabled_at: Date | null;
};

export function customerConditions(filter: { q?: string | undefined; role?: UserRole | undefined }): SQL {
  const conditions: SQL[] = [sql`NOT u.is_anonymous`];
  if (filter.role) conditions.push(sql`u.role = ${filter.role}`);
  if (filter.q) {
    // Each branch is served by its own trigram index (an OR over the columns may read every row).
    const pattern = containing(filter.q);
    const digits = phoneDigits(filter.q);
    const phone = digits ? sql`UNION SELECT id FROM users WHERE phone LIKE ${containing(digits)}` : sql``;
    conditions.push(sql`u.id IN (
      SELECT id FROM users WHERE name ILIKE ${pattern}
      UNION SELECT id FROM users WHERE email ILIKE ${pattern}
      UNION SELECT id FROM users WHERE phone ILIKE ${pattern}
      ${phone})`);
  }
  return sql.join(conditions, sql` AND `);
}

export async function listPeople(
  db: Database,
  filter: { q?: string | undefined; role?: UserRole | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: PersonRow[]; count: number }> {
  const where = customerConditions(filter);
  const rows = await db.execute<PersonRow>(sql`
    SELECT u.id, u.name, u.email, u.phone, u.role, u.created_at, u.disabled_at
    FROM users u WHERE ${where}
    ORDER BY u.created_at DESC, u.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  const [counted] = (
    await db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM users u WHERE ${where}`)
  ).rows;
  return { rows: rows.rows.map(withDates), count: counted?.count ?? 0 };
}

function withDates<T extends { created_at: Date | string; disabled_at?: Date | string | null }>(row: T): T {
  return {
    ...row,
    created_at: new Date(row.created_at),
    ...(row.disabled_at === undefined
      ? {}
      : { disabled_at: row.disabled_at === null ? null : new Date(row.disabled_at) }),
  };
}

export type PersonDetailRow = PersonRow & {
  date_of_birth: string | null;
  disabled_reason: string | null;
  must_change_password: boolean;
  newsletter_opt_in: boolean;
  is_anonymous: boolean;
};

export async function findPerson(
  executor: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PersonDetailRow | undefined> {
  const result = await executor.execute<PersonDetailRow>(sql`
    SELECT id, name, email, phone, role, created_at, disabled_at, disabled_reason, must_change_password,
           newsletter_opt_in, is_anonymous, date_of_birth::text AS date_of_birth
    FROM users WHERE id = ${id} ${options.forUpdate ? sql`FOR UPDATE` : sql``}`);
  const row = result.rows[0];
  return row && !row.is_anonymous ? withDates(row) : undefined;
}

export async function findPersonByEmail(
  executor: Executor,
  email: string,
): Promise<PersonDetailRow | undefined> {
  const result = await executor.execute<{ id: string }>(
    sql`SELECT id FROM users WHERE email = ${email.trim().toLowerCase()} AND NOT is_anonymous`,
  );
  const id = result.rows[0]?.id;
  return id ? findPerson(executor, id, { forUpdate: true }) : undefined;
}

export type CustomerActivity = {
  orders: { count: number; total_spent: number };
  recentOrders: Array<{
    id: string;
    order_number: string;
    status: string;
    payment_status: string;
    total: number;
    created_at: Date;
  }>;
  rsvps: Array<{
    id: string;
    event_id: number;
    event_title: string;
    status: string;
    guests: number;
    created_at: Date;
  }>;
  reviews: Array<{
    id: number;
    product_id: number;
    product_name: string;
    rating: number;
    title: string;
    is_hidden: boolean;
    created_at: Date;
  }>;
  wishlistSize: number;
  newsletterStatus: string | null;
};

/** What a customer's page shows besides the account: five queries, each on an index by user. */
export async function customerActivity(
  db: Database,
  userId: string,
  email: string,
): Promise<CustomerActivity> {
  const [totals, recent, rsvps, reviews, wishlist, newsletter] = await Promise.all([
    db.execute<{ count: number; total_spent: number }>(sql`
      SELECT count(*)::int AS count,
             coalesce(sum(total) FILTER (WHERE payment_status = 'paid'), 0)::bigint::float8 AS total_spent
      FROM orders WHERE user_id = ${userId}`),
    db.execute<CustomerActivity['recentOrders'][number]>(sql`
      SELECT id, order_number, status, payment_status, total, created_at
      FROM orders WHERE user_id = ${userId}
      ORDER BY created_at DESC, id DESC LIMIT 10`),
    db.execute<CustomerActivity['rsvps'][number]>(sql`
      SELECT r.id, r.event_id, e.title AS event_title, r.status, r.guests, r.created_at
      FROM rsvps r JOIN events e ON e.id = r.event_id
      WHERE r.user_id = ${userId}
      ORDER BY r.created_at DESC, r.id LIMIT 20`),
    db.execute<CustomerActivity['reviews'][number]>(sql`
      SELECT pr.id, pr.product_id, p.name AS product_name, pr.rating, pr.title, pr.is_hidden, pr.created_at
      FROM product_reviews pr JOIN products p ON p.id = pr.product_id
      WHERE pr.user_id = ${userId}
      ORDER BY pr.created_at DESC, pr.id DESC LIMIT 20`),
    db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM wishlist_items WHERE user_id = ${userId}`,
    ),
    db.execute<{ status: string }>(
      sql`SELECT status FROM newsletter_subscribers WHERE lower(email) = ${email.toLowerCase()} LIMIT 1`,
    ),
  ]);
  const dated = <T extends { created_at: Date | string }>(row: T): T => ({
    ...row,
    created_at: new Date(row.created_at),
  });
  return {
    orders: {
      count: totals.rows[0]?.count ?? 0,
      total_spent: Number(totals.rows[0]?.total_spent ?? 0),
    },
    recentOrders: recent.rows.map(dated),
    rsvps: rsvps.rows.map(dated),
    reviews: reviews.rows.map(dated),
    wishlistSize: wishlist.rows[0]?.count ?? 0,
    newsletterStatus: newsletter.rows[0]?.status ?? null,
  };
}

export async function setDisabled(
  executor: Executor,
  id: string,
  disabled: { at: Date; reason: string } | null,
): Promise<void> {
  await executor.execute(sql`
    UPDATE users SET disabled_at = ${disabled?.at ?? null}, disabled_reason = ${disabled?.reason ?? null},
                     updated_at = now()
    WHERE id = ${id}`);
}

export async function deleteSessionsOf(executor: Executor, userId: string): Promise<number> {
  const result = await executor.execute(sql`DELETE FROM sessions WHERE user_id = ${userId}`);
  return result.rowCount ?? 0;
}

export type StaffRow = PersonRow & { has_password: boolean };

export async function listStaff(db: Database): Promise<StaffRow[]> {
  const result = await db.execute<StaffRow>(sql`
    SELECT u.id, u.name, u.email, u.phone, u.role, u.created_at, u.disabled_at,
           EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id AND a.provider_id = 'credential' AND a.password IS NOT NULL)
             OR EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id AND a.provider_id <> 'credential') AS has_password
    FROM users u
    WHERE u.role <> 'customer' AND NOT u.is_anonymous
    ORDER BY CASE u.role WHEN 'admin' THEN 0 ELSE 1 END, u.name, u.id`);
  return result.rows.map(withDates);
}

export async function staffMember(executor: Executor, id: string): Promise<StaffRow | undefined> {
  const result = await executor.execute<StaffRow>(sql`
    SELECT u.id, u.name, u.email, u.phone, u.role, u.created_at, u.disabled_at,
           EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id AND a.provider_id = 'credential' AND a.password IS NOT NULL)
             OR EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id AND a.provider_id <> 'credential') AS has_password
    FROM users u WHERE u.id = ${id}`);
  const row = result.rows[0];
  return row ? withDates(row) : undefined;
}

/**
 * The admin accounts, locked: two admins demoting each other at once must not leave none. Every
 * role change takes these locks first, in the same order (by id).
 */
export async function lockAdmins(tx: Executor): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(
    sql`SELECT id FROM users WHERE role = 'admin' AND NOT is_anonymous ORDER BY id FOR UPDATE`,
  );
  return result.rows.map((row) => row.id);
}

export async function setRole(executor: Executor, id: string, role: UserRole): Promise<void> {
  await executor.execute(sql`UPDATE users SET role = ${role}, updated_at = now() WHERE id = ${id}`);
}

export async function insertInvitedUser(
  executor: Executor,
  values: { name: string; email: string; role: UserRole },
): Promise<string> {
  const result = await executor.execute<{ id: string }>(sql`
    INSERT INTO users (name, email, role, email_verified) VALUES (${values.name}, ${values.email}, ${values.role}, false)
    RETURNING id`);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('The invited account was not created');
  return id;
}

/**
 * A password link in better-auth's own form (`reset-password:<token>` → the user's id), so that
 * POST /auth/reset-password accepts it once and creates the password account if there is none.
 */
export async function insertPasswordToken(
  executor: Executor,
  values: { token: string; userId: string; expiresAt: Date },
): Promise<void> {
  await executor.execute(sql`
    INSERT INTO verifications (identifier, value, expires_at)
    VALUES (${`reset-password:${values.token}`}, ${values.userId}, ${values.expiresAt})`);
}
