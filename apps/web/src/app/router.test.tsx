import { appRoutes, pageTitle } from '@shop/contract/pages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmAge, customerSession, makeProfile, mockIdentityApi } from '../test/fakes/identity-api';
import { renderApp } from '../test/render';
import { createQueryClient } from './providers';
import { createAppRouter } from './router';

/** A browser path for a contract path: `$id` becomes a sample id. */
const samplePath = (path: string) => path.replace('$id', '42');

describe('the router', () => {
  // A returning adult customer: every page shows itself (signed-out visitors: see identity's tests).
  beforeEach(() => {
    confirmAge();
    mockIdentityApi({
      'GET /auth/get-session': () => customerSession(),
      'GET /users/users/profile/': () => makeProfile(),
    });
  });

  it('registers every route of the contract (the 21 routes of docs/product.md section 2, the reset-password and order pages and 8 footer pages), with its staticData', () => {
    const router = createAppRouter({ queryClient: createQueryClient() });
    const registered = new Map(
      Object.values(router.routesById)
        .filter((route) => !route.isRoot)
        .map((route) => [route.fullPath as string, route.options.staticData] as const),
    );
    // 31, the two payment pages (pay, sandbox pay), the two newsletter e-mail pages, the gift link's page,
    // the rider's run, the company accounts page and the staff pages.
    expect(appRoutes).toHaveLength(65);
    for (const route of appRoutes) {
      expect(registered.get(route.path), route.path).toEqual({
        routeName: route.name,
        requiresAuth: route.requiresAuth,
      });
    }
    expect(registered.size).toBe(appRoutes.length);
  });

  it.each(appRoutes.map((route) => [route.path, route.name] as const))(
    '%s has exactly one <h1> and the title of “%s”',
    async (path, name) => {
      await renderApp(samplePath(path));
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(document.title).toBe(pageTitle(name));
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(screen.getByRole('main')).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    },
  );

  it('sets the title and lands at the top on each navigation', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = await renderApp('/');
    expect(document.title).toBe('Home | Kampala Cellars');

    scrollTo.mockClear();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About Kampala Cellars' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('About | Kampala Cellars');
    expect(router.state.location.pathname).toBe('/about');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0, left: 0 }));

    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Shipping' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping & delivery' })).toBeInTheDocument();
    expect(document.title).toBe('Shipping | Kampala Cellars');
  });

  it('turns underscores into words in titles', async () => {
    await renderApp('/order_success/42');
    expect(document.title).toBe('Order Success | Kampala Cellars');
  });
});

describe('the 404 page', () => {
  beforeEach(() => {
    confirmAge();
    mockIdentityApi();
  });

  it('is shown for an unknown path, with its title, a search box and links home and to the products', async () => {
    await renderApp('/no-such-page/at-all');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Page not found$/);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe(pageTitle('page_not_found'));
    expect(document.title).toBe('Page Not Found | Kampala Cellars');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Browse wines and spirits' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(within(main).getByRole('searchbox', { name: 'Search wines and spirits' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('searches from the 404 page', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/nothing-here');
    await user.type(screen.getByRole('searchbox'), 'port{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wines & spirits' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ search: 'port' });
  });
});
