import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeFlutterwave, startFakeFlutterwave } from '../../../../test/fakes/flutterwave';
import { createFlutterwaveProvider } from './flutterwave.provider';
import { type ChargeRequest, type PaymentProvider, ProviderUnavailableError } from './provider';

let fake: FakeFlutterwave;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeFlutterwave();
  provider = createFlutterwaveProvider({
    secretKey: fake.secretKey,
    webhookHash: fake.webhookHash,
    baseUrl: fake.url,
    timeoutMs: 1_500,
  });
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.requests.length = 0;
});

let sequence = 0;
function charge(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  sequence += 1;
  return {
    reference: `KCP-TEST-${process.pid}-${sequence}`,
    amount: 245_000,
    currency: 'UGX',
    email: 'namara@example.ug',
    fullname: 'Namara Kisakye',
    phone: '+256772123456',
    network: 'MTN',
    redirectUrl: 'https://shop.example/payment_return?tx_ref=x',
    ...overrides,
  };
}

describe('the Flutterwave provider against the fake Flutterwave', () => {
  it('charges with the documented request and follows meta.authorization', async () => {
    const request = charge({ network: 'AIRTEL', phone: '+256752000111' });
    const result = await provider.initiateCharge(request);
    expect(result.kind).toBe('accepted');
    if (result.kind !== 'accepted') return;
    expect(result.nextAction).toEqual({
      type: 'redirect',
      message: expect.any(String),
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/captcha\/verify\//),
    });
    // Uganda's answer carries no transaction id yet: it is learned from the webhook or by reference.
    expect(result.providerTransactionId).toBeNull();

    const [sent] = fake.requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v3/charges');
    expect(sent?.query).toEqual({ type: 'mobile_money_uganda' });
    expect(sent?.headers.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.body).toEqual({
      tx_ref: request.reference,
      amount: 245_000,
      currency: 'UGX',
      email: 'namara@example.ug',
      phone_number: '256752000111',
      network: 'AIRTEL',
      fullname: 'Namara Kisakye',
      redirect_url: request.redirectUrl,
    });
  });

  it('verifies by reference, then by id, and reads what verification must check', async () => {
    const request = charge();
    fake.script({ outcome: 'successful' });
    await provider.initiateCharge(request);
    const byReference = await provider.verify({ providerTransactionId: null, reference: request.reference });
    expect(byReference.kind).toBe('found');
    if (byReference.kind !== 'found') return;
    expect(byReference.charge).toMatchObject({
      reference: request.reference,
      status: 'successful',
      amount: 245_000,
      currency: 'UGX',
      processorResponse: 'Approved',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v3/transactions/verify_by_reference',
      query: { tx_ref: request.reference },
    });

    const id = byReference.charge.providerTransactionId;
    const byId = await provider.verify({ providerTransactionId: id, reference: request.reference });
    expect(byId.kind === 'found' && byId.charge.providerTransactionId).toBe(id);
    expect(fake.requests.at(-1)?.path).toBe(`/v3/transactions/${id}/verify`);
  });

  it('reports pending, then the outcome, as the customer answers', async () => {
    const request = charge();
    fake.script({ pendingChecks: 2, outcome: 'failed', processorResponse: 'Insufficient funds' });
    await provider.initiateCharge(request);
    const lookup = { providerTransactionId: null, reference: request.reference };
    const statuses: string[] = [];
    for (let index = 0; index < 4; index++) {
      const result = await provider.verify(lookup);
      if (result.kind === 'found') statuses.push(result.charge.status);
    }
    expect(statuses).toEqual(['pending', 'pending', 'failed', 'failed']);
    const last = await provider.verify(lookup);
    expect(last.kind === 'found' && last.charge.processorResponse).toBe('Insufficient funds');
  });

  it('answers not found for a reference Flutterwave never saw', async () => {
    const result = await provider.verify({ providerTransactionId: null, reference: 'KCP-NEVER-SEEN' });
    expect(result.kind).toBe('not_found');
  });

  it('treats a refused charge as refused, and timeouts and 5xx as unknown', async () => {
    fake.script({ charge: 'refuse' });
    const refused = await provider.initiateCharge(charge());
    expect(refused).toMatchObject({ kind: 'refused', reason: 'Invalid phone number for the network' });

    fake.script({ charge: 'timeout' });
    expect(await provider.initiateCharge(charge())).toMatchObject({
      kind: 'unknown',
      reason: 'Flutterwave: timeout',
    });

    fake.script({ charge: 'server_error' });
    expect(await provider.initiateCharge(charge())).toMatchObject({ kind: 'unknown' });

    fake.script({ charge: 'server_error_after_create' });
    const lost = charge();
    expect(await provider.initiateCharge(lost)).toMatchObject({ kind: 'unknown' });
    // The charge exists all the same: verification by reference finds it.
    const found = await provider.verify({ providerTransactionId: null, reference: lost.reference });
    expect(found.kind).toBe('found');
  });

  it('throws ProviderUnavailableError when verification times out or fails with 5xx', async () => {
    const request = charge();
    fake.script({ verify: ['timeout', 'server_error', 'answer'] });
    await provider.initiateCharge(request);
    const lookup = { providerTransactionId: null, reference: request.reference };
    await expect(provider.verify(lookup)).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(provider.verify(lookup)).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect((await provider.verify(lookup)).kind).toBe('found');
  });

  it('refuses a charge when the secret key is wrong (nothing is charged)', async () => {
    const wrong = createFlutterwaveProvider({
      secretKey: 'FLWSECK_TEST-wrong',
      webhookHash: fake.webhookHash,
      baseUrl: fake.url,
      timeoutMs: 1_500,
    });
    const request = charge();
    expect(await wrong.initiateCharge(request)).toMatchObject({
      kind: 'refused',
      reason: 'Invalid authorization key',
    });
    expect(fake.charges.has(request.reference)).toBe(false);
    await expect(
      wrong.verify({ providerTransactionId: null, reference: request.reference }),
    ).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('accepts a webhook only with the exact verif-hash', () => {
    expect(provider.isAuthenticWebhook({ 'verif-hash': fake.webhookHash })).toBe(true);
    expect(provider.isAuthenticWebhook({ 'verif-hash': `${fake.webhookHash}x` })).toBe(false);
    expect(provider.isAuthenticWebhook({ 'verif-hash': fake.webhookHash.slice(0, -1) })).toBe(false);
    expect(provider.isAuthenticWebhook({ 'verif-hash': '' })).toBe(false);
    expect(provider.isAuthenticWebhook({ 'verif-hash': [fake.webhookHash, fake.webhookHash] })).toBe(false);
    expect(provider.isAuthenticWebhook({})).toBe(false);
  });
});
