import type { OutboxList, OutboxMail } from '@shop/contract/outbox';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STAFF_ONLY_MESSAGE } from '../../../components/staff-only';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { makePage } from '../../../test/fakes/catalog-api';
import {
  confirmAge,
  customerSession,
  type FakeHandler,
  makeProfile,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';
import { SMTP_MISSING_BANNER } from '../components/smtp-banner';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

const RESET_LINK = 'http://localhost:3000/reset-password?token=tok123';

const resetMail: OutboxMail = {
  id: 7,
  to: 'amina@example.ug',
  from: 'Kampala Cellars <hello@kampalacellars.ug>',
  subject: 'Reset your Kampala Cellars password',
  kind: 'password_reset',
  status: 'held',
  created_at: '2026-11-22T09:00:00.000Z',
  text: `KAMPALA CELLARS\n\nChoose a new password: ${RESET_LINK}\n`,
  html: `<!doctype html><html><head><title>Reset</title></head><body><a href="${RESET_LINK}">Choose a new password</a><script>parent.document.title='owned'</script></body></html>`,
  links: [RESET_LINK],
};

function outbox(smtpConfigured: boolean, mails: OutboxMail[] = [resetMail]): OutboxList {
  const summaries = mails.map(
    ({ from: _from, text: _text, html: _html, links: _links, ...summary }) => summary,
  );
  return { ...makePage(summaries, { pageSize: 20 }), smtp_configured: smtpConfigured };
}

function open(
  path: string,
  role: 'customer' | 'staff' | 'admin',
  handlers: Record<string, FakeHandler> = {},
) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession({ role, name: 'Grace Nansubuga' }),
    'GET /users/users/profile/': () => makeProfile({ role }),
    'GET /notifications/': () => ({ ...makePage([], { pageSize: 10 }), unread_count: 0 }),
    ...handlers,
  });
  return renderApp(path).then((view) => ({ api, ...view }));
}

describe('/admin/outbox', () => {
  it('is for staff only', async () => {
    const { api } = await open('/admin/outbox', 'customer');
    expect(await screen.findByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('GET /admin/outbox/')).toHaveLength(0);
  });

  it('lists the e-mails not sent and opens one with working links, its HTML sandboxed', async () => {
    const user = userEvent.setup();
    await open('/admin/outbox', 'staff', {
      'GET /admin/outbox/': () => outbox(false),
      'GET /admin/outbox/7/': () => resetMail,
    });
    expect(await screen.findByText(SMTP_MISSING_BANNER)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'E-mails not sent, newest first' });
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no row');
    expect(row).toHaveTextContent('amina@example.ug');
    expect(row).toHaveTextContent('Password link');
    expect(row).toHaveTextContent('Not sent');

    await user.click(within(row).getByRole('button', { name: 'Reset your Kampala Cellars password' }));
    const message = await screen.findByRole('article', { name: 'Reset your Kampala Cellars password' });
    const links = within(message).getByRole('region', { name: 'Links in this e-mail' });
    expect(within(links).getByRole('link', { name: RESET_LINK })).toHaveAttribute('href', RESET_LINK);
    const frame = within(message).getByTitle('The e-mail as the customer would see it');
    // No allow-scripts: the e-mail's HTML cannot run code; its links open in a new tab.
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain('<head><base target="_blank">');
    expect(within(message).getByText(/Choose a new password: http/)).toBeInTheDocument();
  });

  it('says when nothing is waiting, without the banner once SMTP is configured', async () => {
    await open('/admin/outbox', 'admin', { 'GET /admin/outbox/': () => outbox(true, []) });
    expect(
      await screen.findByText('No e-mail is waiting: everything the shop wrote was sent.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(SMTP_MISSING_BANNER)).not.toBeInTheDocument();
  });
});

describe('the staff desk', () => {
  it('warns while SMTP is not configured and links to the outbox', async () => {
    await open('/account', 'staff', { 'GET /admin/outbox/': () => outbox(false) });
    const banner = (await screen.findByText(SMTP_MISSING_BANNER)).closest('[role="alert"]');
    if (!(banner instanceof HTMLElement)) throw new Error('the banner is not an alert');
    expect(within(banner).getByRole('link', { name: 'Open the outbox (1 e-mail waiting)' })).toHaveAttribute(
      'href',
      '/admin/outbox',
    );
    const desk = screen.getByRole('region', { name: 'Staff desk' });
    expect(within(desk).getByRole('link', { name: /^Outbox/ })).toHaveAttribute('href', '/admin/outbox');
  });

  it('shows no warning once SMTP is configured', async () => {
    const { api } = await open('/account', 'staff', { 'GET /admin/outbox/': () => outbox(true, []) });
    await screen.findByRole('region', { name: 'Staff desk' });
    await vi.waitFor(() => expect(api.callsTo('GET /admin/outbox/')).toHaveLength(1));
    expect(screen.queryByText(SMTP_MISSING_BANNER)).not.toBeInTheDocument();
  });
});
