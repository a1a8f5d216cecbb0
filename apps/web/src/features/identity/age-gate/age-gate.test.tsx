import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import { hydrateInSteps, renderOnServer } from '../../../lib/hydration-steps';
import { anonymousSession, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';
import { AGE_CONFIRMATION_STORAGE_KEY, AGE_CONFIRMED_VALUE } from './age-confirmation';
import { AgeGate } from './age-gate';

beforeEach(() => {
  localStorage.clear();
  mockIdentityApi({ 'GET /auth/get-session': () => anonymousSession() });
});
afterEach(() => {
  localStorage.clear();
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
});

describe('the age question', () => {
  it('asks on the first visit in a modal dialog, and remembers Yes on this browser', async () => {
    const user = userEvent.setup();
    const first = await renderApp('/about');
    const dialog = await screen.findByRole('dialog', { name: 'Are you 21 or older?' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('only to adults aged 21 and over'));

    await user.click(screen.getByRole('button', { name: 'Yes, I am 21 or older' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(AGE_CONFIRMATION_STORAGE_KEY)).toBe(AGE_CONFIRMED_VALUE);
    first.unmount();

    // The next visit on the same browser is not asked again.
    await renderApp('/products');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('No shows a polite page instead of the shop, and remembers nothing', async () => {
    const user = userEvent.setup();
    await renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'No, I am under 21' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Sorry, we can only welcome adults',
    );
    expect(screen.getByText(/only to customers aged 21 and over/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Discover/ })).not.toBeInTheDocument();
    expect(localStorage.getItem(AGE_CONFIRMATION_STORAGE_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Answered by mistake? Ask me again' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Are you 21 or older?' })).toBeInTheDocument(),
    );
  });

  it('is not shown when the confirmation was set in advance (as tests do)', async () => {
    localStorage.setItem(AGE_CONFIRMATION_STORAGE_KEY, AGE_CONFIRMED_VALUE);
    await renderApp('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens its dialog in a task after the page has been committed, not in the commit', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AgeGate>
          <p>The shop</p>
        </AgeGate>
      </QueryClientProvider>,
    );
    // render() has committed the page and run its effects: the dialog is there, still closed.
    const dialog = document.querySelector('dialog');
    expect(dialog).not.toBeNull();
    expect(dialog).not.toHaveAttribute('open');
    expect(await screen.findByRole('dialog', { name: 'Are you 21 or older?' })).toBe(dialog);
    expect(dialog).toHaveAttribute('open');
  });

  describe('through server render and hydration (as entry-server.tsx and start.tsx do)', () => {
    const page = () => (
      <QueryClientProvider client={new QueryClient()}>
        <AgeGate>
          <p>The shop</p>
        </AgeGate>
      </QueryClientProvider>
    );
    /** The server's markup in #root, then hydrated: what the browser shows right after. */
    function serverRenderThenHydrate() {
      const root = document.createElement('div');
      root.innerHTML = renderOnServer(() => renderToString(page()));
      document.body.append(root);
      const markup = root.innerHTML;
      const shop = root.querySelector('p');
      hydrateInSteps(() => hydrateRoot(root, page()));
      return { root, markup, shop };
    }

    it('renders the shop without the question on the server, and hydrates to the same markup', async () => {
      const { root, markup, shop } = serverRenderThenHydrate();
      // The server cannot know the answer (it is in this browser's storage): no dialog in its markup,
      // and the first client render agrees with it, element for element.
      expect(markup).toBe('<p>The shop</p>');
      expect(root.innerHTML).toBe(markup);
      expect(root.querySelector('p')).toBe(shop);
      // Then the browser asks.
      expect(await screen.findByRole('dialog', { name: 'Are you 21 or older?' })).toBeInTheDocument();
      expect(root.querySelector('p')).toBe(shop);
      root.remove();
    });

    it('hydrates without the question, and never shows it, when this browser already said Yes', async () => {
      localStorage.setItem(AGE_CONFIRMATION_STORAGE_KEY, AGE_CONFIRMED_VALUE);
      const { root, markup, shop } = serverRenderThenHydrate();
      expect(root.innerHTML).toBe(markup);
      for (let task = 0; task < 3; task++) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(root.innerHTML).toBe('<p>The shop</p>');
      expect(root.querySelector('p')).toBe(shop);
      root.remove();
    });
  });
});
