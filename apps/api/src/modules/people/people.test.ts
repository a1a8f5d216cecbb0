import type { AddressInfo } from 'node:net';
import {
  customerDetailSchema,
  customerListSchema,
  customersAdminMessages,
} from '@shop/contract/customers-admin';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { identityMessages } from '@shop/contract/identity';
import { SOCKET_CLOSE_CODES } from '@shop/contract/notification-constants';
import {
  inviteStaffResponseSchema,
  staffAccountsMessages,
  staffListSchema,
} from '@shop/contract/staff-accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  anonymousVisitor,
  CHECKOUT,
  type Customer,
  checkoutBody,
  secondInstance,
  signedInCustomer,
  staffMember,
  stockedProduct,
  zoneBySlug,
} from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { STRONG_PASSWORD, TestBrowser, uniqueEmail } from '../identity/testing';
import { isUpdate, TestSocket } from '../notifications/testing';

const CUSTOMERS = '/api/v1/admin/customers/';
const STAFF = '/api/v1/admin/staff/';
const INVITE = '/api/v1/admin/staff/invitations/';
const NEW_PASSWORD = 'a much longer passphrase 2026';

let harness: TestApp;
let admin: Customer;
let staff: Customer;
let customer: Customer;
let socketUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
  await harness.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = harness.app.server.address() as AddressInfo;
  socketUrl = `ws://127.0.0.1:${port}/api/v1/ws/notifications`;
  admin = await staffMember(harness.app, 'admin');
  staff = await staffMember(harness.app, 'staff');
  customer = await signedInCustomer(harness.app, 'Brenda Achieng');
});
afterAll(async () => {
  for (const socket of sockets) socket.socket.close();
  await harness?.close();
});

const pool = () => harness.database.pool;

async function auditKinds(subjectId: string): Promise<string[]> {
  const result = await pool().query<{ kind: string }>(
    "SELECT kind FROM audit_entries WHERE subject_type = 'user' AND subject_id = $1 ORDER BY id",
    [subjectId],
  );
  return result.rows.map((row) => row.kind);
}

async function lastMailTo(to: string): Promise<{ subject: string; text: string } | undefined> {
  const result = await pool().query<{ subject: string; text: string }>(
    'SELECT subject, text FROM dev_mailbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1',
    [to],
  );
  return result.rows[0];
}

function tokenIn(text: string): string {
  const match = /\/reset-password\?token=([A-Za-z0-9%_.-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`No link in ${text}`);
  return decodeURIComponent(match[1]);
}

const put = (client: TestBrowser, url: string, payload: unknown) =>
  client.request({ method: 'PUT', url, payload: payload as object });

const someId = '00000000-0000-4000-8000-000000000001';

describe('who may call', () => {
  const staffReads = [CUSTOMERS, `${CUSTOMERS}${someId}/`];
  const adminCalls: Array<{ method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown }> = [
    { method: 'POST', url: `${CUSTOMERS}${someId}/disable/`, payload: { reason: 'Test' } },
    { method: 'POST', url: `${CUSTOMERS}${someId}/enable/`, payload: {} },
    { method: 'GET', url: STAFF },
    { method: 'POST', url: INVITE, payload: { email: 'x@example.ug', name: 'X', role: 'staff' } },
    { method: 'PUT', url: `${STAFF}${someId}/role/`, payload: { role: 'staff' } },
  ];

  it('refuses visitors (401) and customers (403) everywhere', async () => {
    const visitor = await anonymousVisitor(harness.app);
    const nobody = new TestBrowser(harness.app);
    for (const call of [
      ...staffReads.map((url) => ({ method: 'GET' as const, url, payload: undefined })),
      ...adminCalls,
    ]) {
      const request = { method: call.method, url: call.url, payload: call.payload as object | undefined };
      expect((await nobody.request(request)).statusCode, call.url).toBe(401);
      expect((await visitor.client.request(request)).statusCode, call.url).toBe(401);
      expect((await customer.client.request(request)).statusCode, call.url).toBe(403);
    }
  });

  it('lets staff read customers but refuses them the admin calls (403)', async () => {
    expect((await staff.client.get(CUSTOMERS)).statusCode).toBe(200);
    for (const call of adminCalls) {
      const response = await staff.client.request({
        method: call.method,
        url: call.url,
        payload: call.payload as object | undefined,
      });
      expect(response.statusCode, call.url).toBe(403);
    }
  });

  it('documents every endpoint in the OpenAPI document', async () => {
    const document = (await harness.app.inject({ url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/api/v1/admin/customers/'] ?? {})).toContain('get');
    expect(Object.keys(document.paths['/api/v1/admin/customers/{id}/'] ?? {})).toContain('get');
    expect(Object.keys(document.paths['/api/v1/admin/customers/{id}/disable/'] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/api/v1/admin/customers/{id}/enable/'] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/api/v1/admin/staff/'] ?? {})).toContain('get');
    expect(Object.keys(document.paths['/api/v1/admin/staff/invitations/'] ?? {})).toContain('post');
    expect(Object.keys(document.paths['/api/v1/admin/staff/{id}/role/'] ?? {})).toContain('put');
  });
});

describe('the customer list', () => {
  it('finds customers by part of a name, an e-mail or a phone (typed the local way), paged', async () => {
    const found = await signedInCustomer(harness.app, 'Zawadi Nabirye-Kintu');
    const profile = await found.client.patch('/api/v1/users/users/update_profile/', { phone: '0772 918273' });
    expect(profile.statusCode, profile.body).toBe(200);
    await anonymousVisitor(harness.app);

    const byName = customerListSchema.parse((await staff.client.get(`${CUSTOMERS}?q=nabirye`)).json());
    expect(byName.results.map((row) => row.id)).toEqual([found.userId]);
    expect(byName.results[0]).toMatchObject({ phone: '+256772918273', role: 'customer', disabled: false });
    const byEmail = customerListSchema.parse(
      (await staff.client.get(`${CUSTOMERS}?q=${encodeURIComponent(found.email.toUpperCase())}`)).json(),
    );
    expect(byEmail.results.map((row) => row.id)).toEqual([found.userId]);
    const byPhone = customerListSchema.parse(
      (await staff.client.get(`${CUSTOMERS}?q=${encodeURIComponent('0772 918 273')}`)).json(),
    );
    expect(byPhone.results.map((row) => row.id)).toEqual([found.userId]);
    const wildcard = customerListSchema.parse((await staff.client.get(`${CUSTOMERS}?q=%25`)).json());
    expect(wildcard.count).toBe(0);

    const all = customerListSchema.parse((await staff.client.get(`${CUSTOMERS}?page_size=1`)).json());
    expect(all.results).toHaveLength(1);
    expect(all.results[0]?.id).toBe(found.userId);
    expect(all.next).toBe(2);
    const total = await pool().query<{ count: number }>(
      'SELECT count(*)::int AS count FROM users WHERE NOT is_anonymous',
    );
    expect(all.count).toBe(total.rows[0]?.count);

    const admins = customerListSchema.parse((await staff.client.get(`${CUSTOMERS}?role=admin`)).json());
    expect(admins.results.every((row) => row.role === 'admin')).toBe(true);
    const bad = await staff.client.get(`${CUSTOMERS}?page_size=0`);
    expect(bad.statusCode).toBe(422);
  });

  it("shows a customer's orders, total spent, RSVPs, reviews, wishlist and newsletter state", async () => {
    const buyer = await signedInCustomer(harness.app, 'Okello Patrick');
    const wine = await stockedProduct(pool(), { price: 120_000, stock: 10 });
    const zone = await zoneBySlug(pool());
    await addToCart(buyer.client, wine.id, wine.variantIds[0]!, 2);
    const placed = await buyer.client.post(CHECKOUT, checkoutBody(zone.id));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = (placed.json() as { id: string }).id;
    await pool().query("UPDATE orders SET payment_status = 'paid', paid_at = now() WHERE id = $1", [orderId]);
    await pool().query('INSERT INTO wishlist_items (user_id, product_id) VALUES ($1, $2)', [
      buyer.userId,
      wine.id,
    ]);
    await pool().query(
      "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token) VALUES ($1, 'confirmed', $2)",
      [buyer.email, `token-${buyer.userId}`],
    );

    const detail = customerDetailSchema.parse(
      (await staff.client.get(`${CUSTOMERS}${buyer.userId}/`)).json(),
    );
    expect(detail).toMatchObject({ id: buyer.userId, name: 'Okello Patrick', email: buyer.email });
    expect(detail.orders.count).toBe(1);
    expect(detail.orders.total_spent).toBe(detail.orders.recent[0]?.total);
    expect(detail.orders.recent[0]).toMatchObject({ id: orderId, payment_status: 'paid' });
    expect(detail.wishlist_size).toBe(1);
    expect(detail.newsletter).toEqual({ opted_in: false, status: 'confirmed' });
    expect(detail.rsvps).toEqual([]);
    expect(detail.reviews).toEqual([]);

    expect((await staff.client.get(`${CUSTOMERS}${someId}/`)).statusCode).toBe(404);
    expect((await staff.client.get(`${CUSTOMERS}not-a-uuid/`)).statusCode).toBe(422);
  });
});

describe('disabling an account', () => {
  it('ends its sessions and sockets at once, refuses sign-in with a clear message, keeps its orders', async () => {
    const target = await signedInCustomer(harness.app, 'Moses Kato');
    const wine = await stockedProduct(pool(), { price: 90_000, stock: 5 });
    await addToCart(target.client, wine.id, wine.variantIds[0]!, 1);
    const placed = await target.client.post(CHECKOUT, checkoutBody((await zoneBySlug(pool())).id));
    expect(placed.statusCode, placed.body).toBe(201);
    const socket = new TestSocket(socketUrl, {
      cookie: target.client.cookieHeader(),
      origin: harness.app.config.publicUrl,
    });
    sockets.push(socket);
    await socket.next(isUpdate);

    const missing = await admin.client.post(`${CUSTOMERS}${target.userId}/disable/`, { reason: '  ' });
    expect(missing.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(missing.json()).error.fields).toEqual([
      { field: 'reason', message: customersAdminMessages.reasonRequired },
    ]);

    const since = Date.now();
    const disabled = await admin.client.post(`${CUSTOMERS}${target.userId}/disable/`, {
      reason: 'Chargeback fraud',
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(customerDetailSchema.parse(disabled.json())).toMatchObject({
      disabled: true,
      disabled_reason: 'Chargeback fraud',
      // Orders stay.
      orders: { count: 1, recent: [{ id: (placed.json() as { id: string }).id }] },
    });
    const closed = await Promise.race([
      socket.closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000)),
    ]);
    expect(closed?.code).toBe(SOCKET_CLOSE_CODES.sessionEnded);
    expect(Date.now() - since).toBeLessThan(2_000);

    expect((await target.client.get('/api/v1/users/users/profile/')).statusCode).toBe(401);
    expect(await target.client.session()).toBeNull();
    const signIn = await new TestBrowser(harness.app).signIn(target.email);
    expect(signIn.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(signIn.json()).error.message).toBe(
      customersAdminMessages.accountDisabled,
    );
    const sessions = await pool().query('SELECT 1 FROM sessions WHERE user_id = $1', [target.userId]);
    expect(sessions.rowCount).toBe(0);

    const again = await admin.client.post(`${CUSTOMERS}${target.userId}/disable/`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);

    const enabled = await admin.client.post(`${CUSTOMERS}${target.userId}/enable/`, { reason: 'Resolved' });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(customerDetailSchema.parse(enabled.json()).disabled).toBe(false);
    const back = new TestBrowser(harness.app);
    await back.get('/api/v1/auth/csrf');
    expect((await back.signIn(target.email)).statusCode).toBe(200);
    expect((await admin.client.post(`${CUSTOMERS}${target.userId}/enable/`, {})).statusCode).toBe(409);

    expect(await auditKinds(target.userId)).toEqual(['user.disable', 'user.enable']);
  });

  it('ends the sessions another instance has cached, and closes the sockets open there', async () => {
    // The other instance keeps sessions in memory (its cache on), as production does.
    const other = await secondInstance(harness, { config: { SESSION_CACHE_TTL_MS: 60_000 } });
    try {
      await other.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = other.app.server.address() as AddressInfo;
      const target = await signedInCustomer(harness.app, 'Sarah Nakimuli');
      const there = new TestBrowser(other.app);
      for (const [name, cookie] of target.client.cookies) there.cookies.set(name, cookie);
      // Wait until the other instance listens for changes (its cache is on), then fill its cache.
      await expect.poll(() => other.app.sessionCache.enabled).toBe(true);
      expect((await there.get('/api/v1/users/users/profile/')).statusCode).toBe(200);
      expect(other.app.sessionCache.size).toBeGreaterThan(0);
      const socket = new TestSocket(`ws://127.0.0.1:${port}/api/v1/ws/notifications`, {
        cookie: there.cookieHeader(),
        origin: harness.app.config.publicUrl,
      });
      sockets.push(socket);
      await socket.next(isUpdate);

      const disabled = await admin.client.post(`${CUSTOMERS}${target.userId}/disable/`, { reason: 'Abuse' });
      expect(disabled.statusCode).toBe(200);
      const closed = await Promise.race([
        socket.closed,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000)),
      ]);
      expect(closed?.code).toBe(SOCKET_CLOSE_CODES.sessionEnded);
      expect((await there.get('/api/v1/users/users/profile/')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('refuses to disable your own account', async () => {
    const response = await admin.client.post(`${CUSTOMERS}${admin.userId}/disable/`, { reason: 'Oops' });
    expect(response.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(response.json()).error.message).toBe(customersAdminMessages.notYourself);
  });
});

describe('staff accounts', () => {
  it('invites a new member of staff with a single-use link to choose a password', async () => {
    const email = uniqueEmail('invited');
    const bad = await admin.client.post(INVITE, { email: 'nope', name: '', role: 'owner' });
    expect(bad.statusCode).toBe(422);
    expect(
      errorEnvelopeSchema
        .parse(bad.json())
        .error.fields?.map((field) => field.field)
        .sort(),
    ).toEqual(['email', 'name', 'role']);

    const invited = await admin.client.post(INVITE, { email, name: 'Joan Akello', role: 'staff' });
    expect(invited.statusCode, invited.body).toBe(201);
    const answer = inviteStaffResponseSchema.parse(invited.json());
    expect(answer).toMatchObject({ created: true, member: { email, role: 'staff', has_password: false } });
    const mail = await lastMailTo(email);
    expect(mail?.subject).toMatch(/invited/i);
    const token = tokenIn(mail?.text ?? '');

    const browser = new TestBrowser(harness.app);
    await browser.get('/api/v1/auth/csrf');
    const chosen = await browser.post('/api/v1/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(
      (await browser.post('/api/v1/auth/reset-password', { token, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(400);
    expect((await browser.signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await browser.get('/api/v1/admin/customers/')).statusCode).toBe(200);

    const list = staffListSchema.parse((await admin.client.get(STAFF)).json());
    expect(list.results.find((member) => member.email === email)).toMatchObject({
      role: 'staff',
      has_password: true,
    });
    expect(list.results[0]?.role).toBe('admin');
    expect(await auditKinds(answer.member.id)).toEqual(['user.invite']);
  });

  it('gives an existing customer the role when invited, and ends their sessions', async () => {
    const existing = await signedInCustomer(harness.app, 'Peter Ssempala');
    const invited = await admin.client.post(INVITE, {
      email: existing.email,
      name: 'Ignored',
      role: 'staff',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(inviteStaffResponseSchema.parse(invited.json())).toMatchObject({
      created: false,
      member: { name: 'Peter Ssempala', role: 'staff' },
    });
    expect(await existing.client.session()).toBeNull();
    expect(await auditKinds(existing.userId)).toEqual(['user.role_change', 'user.invite']);
  });

  it('changes roles, removes staff rights, and never leaves the shop without an admin', async () => {
    const member = await staffMember(harness.app, 'staff');
    const promoted = await put(admin.client, `${STAFF}${member.userId}/role/`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'admin' });
    expect(await member.client.session()).toBeNull();

    const removed = await put(admin.client, `${STAFF}${member.userId}/role/`, { role: 'customer' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ role: 'customer' });
    expect(await auditKinds(member.userId)).toEqual(['user.role_change', 'user.staff_removed']);
    expect((await put(admin.client, `${STAFF}${member.userId}/role/`, { role: 'boss' })).statusCode).toBe(
      422,
    );
    expect((await put(admin.client, `${STAFF}${someId}/role/`, { role: 'staff' })).statusCode).toBe(404);

    // Leave this test's admin as the only one, then try to demote it.
    await pool().query("UPDATE users SET role = 'staff' WHERE role = 'admin' AND id <> $1", [admin.userId]);
    const self = await put(admin.client, `${STAFF}${admin.userId}/role/`, { role: 'staff' });
    expect(self.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(self.json()).error.message).toBe(staffAccountsMessages.lastAdmin);
    const viaInvite = await admin.client.post(INVITE, { email: admin.email, name: 'Me', role: 'staff' });
    expect(viaInvite.statusCode).toBe(409);
    const roles = await pool().query<{ role: string }>('SELECT role FROM users WHERE id = $1', [
      admin.userId,
    ]);
    expect(roles.rows[0]?.role).toBe('admin');
  });
});

describe('a one-time password', () => {
  it('must be changed before anything else, and the flag clears once it is', async () => {
    const person = await signedInCustomer(harness.app, 'Ruth Namutebi');
    await pool().query('UPDATE users SET must_change_password = true WHERE id = $1', [person.userId]);
    const browser = new TestBrowser(harness.app);
    await browser.get('/api/v1/auth/csrf');
    expect((await browser.signIn(person.email)).statusCode).toBe(200);
    expect((await browser.session())?.user).toMatchObject({ mustChangePassword: true });

    const refused = await browser.get('/api/v1/users/users/profile/');
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(refused.json()).error).toMatchObject({
      code: 'password_change_required',
      message: identityMessages.passwordChangeRequired,
    });

    const changed = await browser.post('/api/v1/auth/change-password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await browser.session())?.user).toMatchObject({ mustChangePassword: false });
    expect((await browser.get('/api/v1/users/users/profile/')).statusCode).toBe(200);
  });
});
