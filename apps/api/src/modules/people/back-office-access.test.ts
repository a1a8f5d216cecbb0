import { backOfficeSectionNames } from '@shop/contract/back-office';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCustomer, staffMember } from '../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';

const ACCESS = '/api/v1/admin/access/';

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true', LOG_LEVEL: 'error' });
});
afterAll(() => harness?.close());

describe('GET /admin/access/ (issue 33 item 13)', () => {
  it('answers the sections each role may use, as the guards decide, and refuses visitors and customers', async () => {
    const staff = await staffMember(harness.app, 'staff');
    const admin = await staffMember(harness.app, 'admin');
    const shopper = await signedInCustomer(harness.app);

    const staffSections = (await staff.client.get(ACCESS)).json().sections as string[];
    expect(staffSections).not.toContain('refunds');
    expect(staffSections).not.toContain('settings');
    expect(staffSections).not.toContain('staff_accounts');
    expect(staffSections).toContain('orders');
    expect((await admin.client.get(ACCESS)).json().sections).toEqual(backOfficeSectionNames);
    expect((await harness.app.inject({ method: 'GET', url: ACCESS })).statusCode).toBe(401);
    expect((await shopper.client.get(ACCESS)).statusCode).toBe(403);

    // What the list says is what the guards do: staff are refused each section left out.
    expect((await staff.client.get('/api/v1/admin/refunds/due/')).statusCode).toBe(403);
    expect((await staff.client.get('/api/v1/admin/settings/')).statusCode).toBe(403);
    expect((await staff.client.get('/api/v1/admin/staff/')).statusCode).toBe(403);
    expect((await admin.client.get('/api/v1/admin/settings/')).statusCode).toBe(200);
  });

  it('lists refunds for staff while REFUNDS_BY_STAFF lets them refund', async () => {
    const staff = await staffMember(harness.app, 'staff');
    harness.app.config.REFUNDS_BY_STAFF = true;
    try {
      expect((await staff.client.get(ACCESS)).json().sections).toContain('refunds');
      expect((await staff.client.get('/api/v1/admin/refunds/due/')).statusCode).toBe(200);
    } finally {
      harness.app.config.REFUNDS_BY_STAFF = false;
    }
  });
});
