import { newsletterMessages } from '@shop/contract/errors';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../../test/render';
import { CONFIRMATION_HELD_HINT, CONFIRMATION_HINT, NewsletterForm } from './newsletter-form';

const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Whether the shop sends e-mail: asked after a sign-up (every other call answers 404 unless told). */
function serveEmailDelivery(delivery: 'sent' | 'held') {
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/email/delivery/')
      ? json({ email_delivery: delivery }, 200)
      : json({ error: { code: 'not_found', message: 'Not found' } }, 404),
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  serveEmailDelivery('sent');
  vi.stubGlobal('fetch', fetchMock);
});

const accepted = () =>
  json({ status: 'pending_confirmation', message: 'Check your inbox: we have sent you a link.' }, 202);

async function renderForm() {
  const user = userEvent.setup();
  await renderWithRouter(<NewsletterForm />);
  return {
    user,
    input: screen.getByLabelText('Email address'),
    submit: screen.getByRole('button', { name: 'Subscribe' }),
  };
}

describe('NewsletterForm (docs/product.md section 5)', () => {
  it('is a POST form: sent before the app runs, the address is never put in a URL', async () => {
    await renderForm();
    expect(screen.getByRole('form', { name: 'Newsletter' }).getAttribute('method')).toBe('post');
  });

  it.each(['', '    '])(
    'says exactly "Please enter your email" for an empty field (%j), and sends nothing',
    async (typed) => {
      const { user, input, submit } = await renderForm();
      if (typed) await user.type(input, typed);
      await user.click(submit);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(newsletterMessages.empty);
      expect(alert.textContent).toBe('Please enter your email');
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('says exactly "Subscribed successfully!", clears the field and asks to confirm by e-mail', async () => {
    fetchMock.mockResolvedValueOnce(accepted());
    const { user, input, submit } = await renderForm();
    await user.type(input, '  Amina@Example.UG ');
    await user.click(submit);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Subscribed successfully!');
    expect(input).toHaveValue('');
    expect(await screen.findByText(CONFIRMATION_HINT)).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/newsletter/subscriptions/');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ email: 'Amina@Example.UG' }));
  });

  it("does not send the visitor to their inbox while the shop's e-mail is held", async () => {
    serveEmailDelivery('held');
    fetchMock.mockResolvedValueOnce(accepted());
    const { user, input, submit } = await renderForm();
    await user.type(input, 'amina@example.ug');
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe('Subscribed successfully!');
    expect(await screen.findByText(CONFIRMATION_HELD_HINT)).toBeInTheDocument();
    expect(screen.queryByText(/check your inbox/i)).not.toBeInTheDocument();
  });

  it.each([
    [
      'an invalid address (422)',
      () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'x',
              fields: [{ field: 'email', message: 'Enter a valid e-mail address' }],
            },
          },
          422,
        ),
    ],
    ['too many sign-ups (429)', () => json({ error: { code: 'rate_limited', message: 'Too many' } }, 429)],
    ['a server failure (500)', () => json({ error: { code: 'internal_error', message: 'x' } }, 500)],
  ])(
    'says exactly "Failed to subscribe. Please try again." for %s, and keeps the address',
    async (_case, answer) => {
      fetchMock.mockImplementation(async () => answer());
      const { user, input, submit } = await renderForm();
      await user.type(input, 'not-an-address{Enter}');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Failed to subscribe. Please try again.');
      expect(alert.textContent).toBe(newsletterMessages.failure);
      expect(input).toHaveValue('not-an-address');
      expect(screen.queryByText(CONFIRMATION_HINT)).not.toBeInTheDocument();
      expect(submit).toBeEnabled();
    },
  );

  it('says the failure when the shop cannot be reached, then succeeds on a new try', async () => {
    // A sign-up is a POST: never retried by the client, so one failure per press.
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(accepted());
    const { user, input, submit } = await renderForm();
    await user.type(input, 'amina@example.ug');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(newsletterMessages.failure);
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe(newsletterMessages.success);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
