import crypto from 'node:crypto';
import type { AuditKind } from '@shop/contract/audit';
import {
  type CustomerDetail,
  type CustomerList,
  type CustomerSummary,
  type customerListQuerySchema,
  customersAdminMessages,
} from '@shop/contract/customers-admin';
import type { UserRole } from '@shop/contract/identity';
import { pageOffset, toPagedList } from '@shop/contract/pagination';
import {
  type InviteStaffRequest,
  type InviteStaffResponse,
  type StaffMember,
  staffAccountsMessages,
} from '@shop/contract/staff-accounts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/transaction';
import { conflict, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/audit';
import type { EmailService } from '../email/email.service';
import { INVITATION_HOURS, staffInvitationEmail } from './people.emails';
import {
  customerActivity,
  deleteSessionsOf,
  findPerson,
  findPersonByEmail,
  insertInvitedUser,
  insertPasswordToken,
  listPeople,
  listStaff,
  lockAdmins,
  type PersonRow,
  type StaffRow,
  setDisabled,
  setRole,
  staffMember,
} from './people.repository';

/**
 * Customers and staff accounts for the back office. Every change and its audit entry are one
 * transaction; ending an account's sessions is part of it, and the sessions trigger of migration
 * 0015 tells every instance at commit (its session cache forgets them, its notification sockets
 * close).
 */

type ListQuery = z.output<typeof customerListQuerySchema>;

const iso = (value: Date) => value.toISOString();

function toSummary(row: PersonRow): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    created_at: iso(row.created_at),
    disabled: row.disabled_at !== null,
  };
}

function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    created_at: iso(row.created_at),
    disabled: row.disabled_at !== null,
    has_password: row.has_password,
  };
}

export async function pageOfCustomers(db: Database, query: ListQuery): Promise<CustomerList> {
  const { rows, count } = await listPeople(
    db,
    { q: query.q, role: query.role },
    { limit: query.page_size, offset: pageOffset(query) },
  );
  return toPagedList(rows.map(toSummary), count, query);
}

export async function customerDetail(db: Database, id: string): Promise<CustomerDetail> {
  const person = await findPerson(db, id);
  if (!person) throw notFound('The customer');
  const activity = await customerActivity(db, person.id, person.email);
  return {
    ...toSummary(person),
    date_of_birth: person.date_of_birth,
    disabled_at: person.disabled_at ? iso(person.disabled_at) : null,
    disabled_reason: person.disabled_reason,
    must_change_password: person.must_change_password,
    orders: {
      count: activity.orders.count,
      total_spent: activity.orders.total_spent,
      recent: activity.recentOrders.map((order) => ({
        id: order.id,
        order_number: order.order_number,
        status: order.status as CustomerDetail['orders']['recent'][number]['status'],
        payment_status: order.payment_status as CustomerDetail['orders']['recent'][number]['payment_status'],
        total: order.total,
        created_at: iso(order.created_at),
      })),
    },
    rsvps: activity.rsvps.map((rsvp) => ({ ...rsvp, created_at: iso(rsvp.created_at) })),
    reviews: activity.reviews.map((review) => ({ ...review, created_at: iso(review.created_at) })),
    wishlist_size: activity.wishlistSize,
    newsletter: {
      opted_in: person.newsletter_opt_in,
      status: activity.newsletterStatus as CustomerDetail['newsletter']['status'],
    },
  };
}

/**
 * Disables an account: sign-in is refused (better-auth's session hook, src/modules/identity/auth.ts)
 * and its sessions are deleted in the same transaction, so every instance drops them at commit.
 * Orders, reviews and the rest stay.
 */
export async function disableAccount(
  db: Database,
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<CustomerDetail> {
  await db.transaction(async (tx) => {
    const person = await findPerson(tx, id, { forUpdate: true });
    if (!person) throw notFound('The customer');
    if (person.id === actor.id) throw conflict(customersAdminMessages.notYourself);
    if (person.disabled_at) throw conflict(customersAdminMessages.alreadyDisabled);
    await setDisabled(tx, id, { at: new Date(), reason });
    const sessionsEnded = await deleteSessionsOf(tx, id);
    await recordAudit(tx, actor, {
      kind: 'user.disable',
      subjectType: 'user',
      subjectId: id,
      summary: `Disabled ${person.email}: ${reason}`,
      before: { disabled: false },
      after: { disabled: true, reason, sessions_ended: sessionsEnded },
    });
  });
  return customerDetail(db, id);
}

export async function enableAccount(
  db: Database,
  actor: AuditActor,
  id: string,
  reason: string | undefined,
): Promise<CustomerDetail> {
  await db.transaction(async (tx) => {
    const person = await findPerson(tx, id, { forUpdate: true });
    if (!person) throw notFound('The customer');
    if (!person.disabled_at) throw conflict(customersAdminMessages.notDisabled);
    await setDisabled(tx, id, null);
    await recordAudit(tx, actor, {
      kind: 'user.enable',
      subjectType: 'user',
      subjectId: id,
      summary: `Enabled ${person.email} again${reason ? `: ${reason}` : ''}`,
      before: { disabled: true, reason: person.disabled_reason },
      after: { disabled: false, ...(reason ? { reason } : {}) },
    });
  });
  return customerDetail(db, id);
}

export async function staffList(db: Database): Promise<StaffMember[]> {
  return (await listStaff(db)).map(toStaffMember);
}

/** Refuses a change that would leave no admin (409), with the admins locked by the caller. */
function assertAdminRemains(admins: string[], targetId: string, currentRole: UserRole, newRole: UserRole) {
  if (currentRole !== 'admin' || newRole === 'admin') return;
  if (admins.filter((admin) => admin !== targetId).length === 0) {
    throw conflict(staffAccountsMessages.lastAdmin);
  }
}

async function changeRoleIn(
  tx: Executor,
  actor: AuditActor,
  person: { id: string; email: string; role: UserRole },
  role: UserRole,
  kind: AuditKind,
): Promise<void> {
  const admins = await lockAdmins(tx);
  assertAdminRemains(admins, person.id, person.role, role);
  await setRole(tx, person.id, role);
  // As `npm run admin -- set-role` does: the new role applies from the next sign-in.
  const sessionsEnded = await deleteSessionsOf(tx, person.id);
  await recordAudit(tx, actor, {
    kind,
    subjectType: 'user',
    subjectId: person.id,
    summary: `Role of ${person.email}: ${person.role} → ${role}`,
    before: { role: person.role },
    after: { role, sessions_ended: sessionsEnded },
  });
}

/** Changes an account's role (customer, staff, admin); the last admin keeps theirs (409). */
export async function changeRole(
  db: Database,
  actor: AuditActor,
  id: string,
  role: UserRole,
): Promise<StaffMember> {
  await db.transaction(async (tx) => {
    const person = await findPerson(tx, id, { forUpdate: true });
    if (!person) throw notFound('The account');
    if (person.role === role) return;
    await changeRoleIn(
      tx,
      actor,
      person,
      role,
      role === 'customer' ? 'user.staff_removed' : 'user.role_change',
    );
  });
  const member = await staffMember(db, id);
  if (!member) throw notFound('The account');
  return toStaffMember(member);
}

/**
 * Invites a member of staff: the account is created (or found) with the role, and a single-use
 * link to choose a password is e-mailed (better-auth's reset token, valid INVITATION_HOURS).
 */
export async function inviteStaff(
  deps: { db: Database; email: EmailService; publicUrl: string },
  actor: AuditActor,
  request: InviteStaffRequest,
): Promise<InviteStaffResponse> {
  const token = crypto.randomBytes(24).toString('base64url');
  const { id, created, name } = await deps.db.transaction(async (tx) => {
    const existing = await findPersonByEmail(tx, request.email);
    let userId: string;
    if (existing) {
      userId = existing.id;
      if (existing.role !== request.role) {
        await changeRoleIn(tx, actor, existing, request.role, 'user.role_change');
      }
    } else {
      userId = await insertInvitedUser(tx, { name: request.name, email: request.email, role: request.role });
    }
    await insertPasswordToken(tx, {
      token,
      userId,
      expiresAt: new Date(Date.now() + INVITATION_HOURS * 60 * 60 * 1000),
    });
    await recordAudit(tx, actor, {
      kind: 'user.invite',
      subjectType: 'user',
      subjectId: userId,
      summary: `Invited ${request.email} as ${request.role}`,
      before: existing ? { role: existing.role } : null,
      after: { email: request.email, role: request.role },
    });
    return { id: userId, created: !existing, name: existing?.name ?? request.name };
  });
  await deps.email.sendEmail(
    staffInvitationEmail({
      to: request.email,
      name,
      role: request.role,
      invitedBy: actor.name,
      url: `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
    }),
  );
  const member = await staffMember(deps.db, id);
  if (!member) throw notFound('The account');
  return { member: toStaffMember(member), created, message: staffAccountsMessages.invited };
}
