import type { PrivacyFacts } from '@shop/contract/privacy';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anonymousSession, confirmAge, envelope, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

beforeEach(() => confirmAge());
afterEach(() => vi.restoreAllMocks());

const facts: PrivacyFacts = {
  kept: [
    {
      data: 'Messages sent to you (SMS and e-mails kept in the outbox)',
      why: 'To know what we told you',
      kept: '45 days',
    },
    { data: 'Orders, invoices', why: 'Tax law', kept: '6 years from the order' },
  ],
  processors: [
    {
      name: 'Africa’s Talking',
      purpose: 'Text messages',
      receives: 'Phone number and the message text',
      location: 'Kenya (transfer abroad under s.19 of the Act)',
    },
  ],
};

describe('the privacy page', () => {
  it('shows what is kept, for how long, and who receives it, from the API', async () => {
    const api = mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'GET /privacy/facts/': () => facts,
    });
    await renderApp('/privacy');
    const kept = await screen.findByRole('row', { name: /Messages sent to you/ });
    expect(within(kept).getByRole('cell', { name: '45 days' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Orders, invoices/ })).toHaveTextContent('6 years from the order');
    const processor = screen.getByRole('row', { name: /Africa’s Talking/ });
    expect(processor).toHaveTextContent('Phone number and the message text');
    expect(processor).toHaveTextContent('Kenya');
    expect(api.callsTo('GET /privacy/facts/')).toHaveLength(1);
  });

  it('says so when the facts cannot be loaded', async () => {
    mockIdentityApi({
      'GET /auth/get-session': () => anonymousSession(),
      'GET /privacy/facts/': () => envelope(503, 'service_unavailable', 'Down'),
    });
    await renderApp('/privacy');
    expect(
      await screen.findByText(/This part of the policy could not be loaded/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
