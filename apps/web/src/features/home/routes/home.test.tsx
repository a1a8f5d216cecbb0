import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';

describe('HomePage', () => {
  it('has the hero with the tagline, the benefits and calls to action', async () => {
    await renderApp('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Premium wines and spirits, delivered across Kampala',
    );
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('On orders over Shs 1,000,000');
    expect(within(main).getByRole('heading', { name: 'Expert curation' })).toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: '24/7 support' })).toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: '21+ only' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Discover the cellar' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(within(main).getByRole('link', { name: 'See events' })).toHaveAttribute('href', '/events');
  });

  it('searches with the trimmed text on Enter', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    await user.type(screen.getByRole('searchbox', { name: 'Search wines and spirits' }), '  Malbec  {Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wines & spirits' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
    expect(router.state.location.search).toEqual({ search: 'Malbec' });
    expect(router.state.location.href).toBe('/products?search=Malbec');
  });

  it('searches with the button, encoding the text', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    await user.type(screen.getByRole('searchbox'), 'red wine 2019');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wines & spirits' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/products?search=red+wine+2019');
    expect(router.state.location.search).toEqual({ search: 'red wine 2019' });
    expect(screen.getByRole('main')).toHaveTextContent('Showing the search for “red wine 2019”');
  });

  it('ignores an empty search', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    await user.type(screen.getByRole('searchbox'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox'), '{Enter}');
    expect(router.state.location.href).toBe('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/delivered across Kampala/);
  });
});
