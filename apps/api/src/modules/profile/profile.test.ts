import { errorEnvelopeSchema } from '@shop/contract/errors';
import { profileSchema } from '@shop/contract/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ADULT_BIRTH_DATE, TestBrowser, uniqueEmail } from '../identity/testing';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ AUTH_TEST_FAST_HASHING: 'true' });
});
afterAll(() => harness?.close());

const PROFILE = '/api/v1/users/users/profile/';
const UPDATE = '/api/v1/users/users/update_profile/';
const envelope = (body: string) => errorEnvelopeSchema.parse(JSON.parse(body)).error;

async function customer(name = 'Namara Kisakye') {
  const client = new TestBrowser(harness.app);
  const email = uniqueEmail();
  await client.register(email, undefined, name);
  return { client, email };
}

describe('GET profile', () => {
  it("answers the signed-in customer's own profile", async () => {
    const { client, email } = await customer();
    const response = await client.get(PROFILE);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const profile = profileSchema.parse(response.json());
    expect(profile).toMatchObject({
      name: 'Namara Kisakye',
      email,
      phone: null,
      date_of_birth: ADULT_BIRTH_DATE,
      default_delivery_address: null,
      newsletter_opt_in: false,
      role: 'customer',
    });
    expect(new Date(profile.created_at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('is for customers only', async () => {
    expect((await new TestBrowser(harness.app).get(PROFILE)).statusCode).toBe(401);
    const visitor = new TestBrowser(harness.app);
    await visitor.startVisit();
    expect((await visitor.get(PROFILE)).statusCode).toBe(401);
    expect((await visitor.patch(UPDATE, { name: 'Anon' })).statusCode).toBe(401);
  });
});

describe('PATCH update_profile', () => {
  it.each([
    ['0772 123456', '+256772123456'],
    ['772123456', '+256772123456'],
    ['+256 772 123 456', '+256772123456'],
    ['256772123456', '+256772123456'],
    ['+256 (0)772 123456', '+256772123456'],
    ['0701-234-567', '+256701234567'],
    ['0757 000 111', '+256757000111'],
    ['00256 782 555 000', '+256782555000'],
  ])('normalises the phone %s to %s', async (given, expected) => {
    const { client } = await customer();
    const response = await client.patch(UPDATE, { phone: given });
    expect(response.statusCode).toBe(200);
    expect(response.json().phone).toBe(expected);
    expect((await client.get(PROFILE)).json().phone).toBe(expected);
  });

  it.each([['0312 345678'], ['+254 712 345678'], ['12345'], ['0772 12345'], ['0772 1234567'], ['phone me']])(
    'refuses %s on the phone field',
    async (given) => {
      const { client } = await customer();
      const response = await client.patch(UPDATE, { phone: given });
      expect(response.statusCode).toBe(422);
      expect(envelope(response.body).fields?.map((field) => field.field)).toEqual(['phone']);
    },
  );

  it('changes only what is sent, and clears with null', async () => {
    const { client } = await customer();
    const address = {
      area: 'Kololo',
      street: 'Acacia Avenue',
      landmark: 'Opposite the Total station',
      notes: 'Blue gate',
    };
    const first = await client.patch(UPDATE, {
      name: '  Namara K.  ',
      phone: '0772 123456',
      default_delivery_address: address,
      newsletter_opt_in: true,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      name: 'Namara K.',
      phone: '+256772123456',
      default_delivery_address: address,
      newsletter_opt_in: true,
    });

    const second = await client.patch(UPDATE, { default_delivery_address: { area: 'Ntinda', street: '' } });
    expect(second.json()).toMatchObject({
      name: 'Namara K.',
      phone: '+256772123456',
      default_delivery_address: { area: 'Ntinda', street: null, landmark: null, notes: null },
    });

    const cleared = await client.patch(UPDATE, { phone: null, default_delivery_address: null });
    expect(cleared.json()).toMatchObject({
      phone: null,
      default_delivery_address: null,
      newsletter_opt_in: true,
    });
  });

  it('keeps the 21+ rule on the date of birth', async () => {
    const { client } = await customer();
    const now = new Date();
    const tooYoung = `${now.getUTCFullYear() - 18}-01-01`;
    const response = await client.patch(UPDATE, { date_of_birth: tooYoung });
    expect(response.statusCode).toBe(422);
    expect(envelope(response.body).fields).toEqual([
      { field: 'date_of_birth', message: 'Your date of birth must show that you are 21 or older' },
    ]);
    const ok = await client.patch(UPDATE, { date_of_birth: '1985-12-31' });
    expect(ok.json().date_of_birth).toBe('1985-12-31');
  });

  it('validates the address and the name with field errors', async () => {
    const { client } = await customer();
    const noArea = await client.patch(UPDATE, { default_delivery_address: { street: 'Kampala Road' } });
    expect(noArea.statusCode).toBe(422);
    expect(envelope(noArea.body).fields?.map((field) => field.field)).toEqual([
      'default_delivery_address.area',
    ]);

    const longNotes = await client.patch(UPDATE, {
      default_delivery_address: { area: 'Kololo', notes: 'x'.repeat(501) },
    });
    expect(envelope(longNotes.body).fields?.map((field) => field.field)).toEqual([
      'default_delivery_address.notes',
    ]);

    const emptyName = await client.patch(UPDATE, { name: '   ' });
    expect(envelope(emptyName.body).fields?.map((field) => field.field)).toEqual(['name']);
  });

  it('never changes the e-mail or the role', async () => {
    const { client, email } = await customer();
    const response = await client.patch(UPDATE, {
      email: 'someone.else@example.ug',
      role: 'admin',
      name: 'Still Me',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, role: 'customer', name: 'Still Me' });
  });

  it("lets a customer reach only their own profile, never another's", async () => {
    const alice = await customer('Alice Auma');
    const bob = await customer('Bob Okello');
    const bobBefore = (await bob.client.get(PROFILE)).json();

    const response = await alice.client.patch(`${UPDATE}?id=${bobBefore.id}&user=${bobBefore.id}`, {
      id: bobBefore.id,
      name: 'Hijacked',
      phone: '0772 999999',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: alice.email, name: 'Hijacked' });

    expect((await bob.client.get(PROFILE)).json()).toEqual(bobBefore);
    expect((await alice.client.get(`${PROFILE}?id=${bobBefore.id}`)).json().email).toBe(alice.email);
  });
});
