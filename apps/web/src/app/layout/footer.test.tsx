import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings-values';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { Footer } from './footer';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

/** The footer also reads the shop's settings (GET /settings/); these are the newsletter's calls. */
const newsletterCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/newsletter/'));

async function renderFooter() {
  await renderWithRouter(<Footer />);
  return screen.getByRole('contentinfo');
}

describe('Footer', () => {
  it('links to every information page, by name', async () => {
    const footer = await renderFooter();
    const expected: [string, string][] = [
      ['Guide', '/guide'],
      ['Orders', '/orders'],
      ['Contact', '/contact'],
      ['Shipping', '/shipping'],
      ['Returns', '/returns'],
      ['FAQ', '/faq'],
      ['Terms', '/terms'],
      ['Cookies', '/cookies'],
      ['About', '/about'],
      ['Support', '/support'],
      ['Privacy', '/privacy'],
    ];
    for (const [name, href] of expected) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('shows the 21+ notice and the marketing copy', async () => {
    const footer = await renderFooter();
    expect(footer).toHaveTextContent('You must be 21 years or older to purchase alcohol');
    expect(footer).toHaveTextContent('Free shipping on orders over Shs 1,000,000');
    expect(footer).toHaveTextContent('Expert curation');
    expect(footer).toHaveTextContent('24/7 support');
  });

  it('shows the shop’s settings: phone, e-mail, opening hours, free-delivery threshold and minimum age', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/settings/')
        ? new Response(
            JSON.stringify({
              ...DEFAULT_SHOP_SETTINGS,
              phone: '+256 700 111 222',
              free_delivery_threshold: 750_000,
              minimum_age: 18,
              opening_hours: DEFAULT_SHOP_SETTINGS.opening_hours.map((day) =>
                day.day === 'sunday' ? { ...day, open: false } : day,
              ),
            }),
            { status: 200, headers: { 'Content-Type': 'application/json' } },
          )
        : new Response('{}', { status: 404 }),
    );
    const footer = await renderFooter();
    await within(footer).findByText('+256 700 111 222');
    expect(footer).toHaveTextContent('Open Monday to Saturday 09:00–21:00, Sunday closed (Kampala time)');
    expect(footer).toHaveTextContent('Free shipping on orders over Shs 750,000');
    expect(footer).toHaveTextContent('You must be 18 years or older to purchase alcohol');
  });

  describe('newsletter', () => {
    it('asks for an e-mail when the field is empty, without a request', async () => {
      const user = userEvent.setup();
      await renderFooter();
      await user.type(screen.getByLabelText('Email address'), '   ');
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email');
      expect(newsletterCalls()).toHaveLength(0);
    });

    it('subscribes, says so and clears the field', async () => {
      const user = userEvent.setup();
      fetchMock.mockImplementation(
        async () => new Response(JSON.stringify({ email: 'amina@example.ug' }), { status: 201 }),
      );
      await renderFooter();
      const input = screen.getByLabelText('Email address');

      await user.type(input, 'amina@example.ug');
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));

      expect(await screen.findByRole('status')).toHaveTextContent('Subscribed successfully!');
      expect(input).toHaveValue('');
      const [url, init] = newsletterCalls()[0] ?? [];
      expect(url).toBe('/api/v1/newsletter/subscriptions/');
      expect(init?.method).toBe('POST');
      expect(init?.body).toBe(JSON.stringify({ email: 'amina@example.ug' }));
    });

    it('says so when the subscription fails, and keeps the address (Enter submits too)', async () => {
      const user = userEvent.setup();
      fetchMock.mockImplementation(
        async () =>
          new Response(JSON.stringify({ error: { code: 'internal_error', message: 'x' } }), { status: 500 }),
      );
      await renderFooter();
      const input = screen.getByLabelText('Email address');

      await user.type(input, 'amina@example.ug{Enter}');

      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to subscribe. Please try again.');
      expect(input).toHaveValue('amina@example.ug');
    });
  });
});
