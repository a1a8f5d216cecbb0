import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { Header } from './header';

const noop = () => undefined;

describe('Header', () => {
  it('has the main navigation: Home, Discover, Events, About', async () => {
    await renderWithRouter(<Header cartCount={0} session={null} onSignOut={noop} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Discover', '/products'],
      ['Events', '/events'],
      ['About', '/about'],
    ]);
  });

  it('has the logo, and icon links with accessible names for wishlist, delivery tracking and cart', async () => {
    await renderWithRouter(<Header cartCount={0} session={null} onSignOut={noop} />);
    expect(screen.getByRole('img', { name: 'Kampala Cellars' })).toHaveAttribute('src', '/logo.svg');
    expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(screen.getByRole('link', { name: 'Delivery tracking' })).toHaveAttribute(
      'href',
      '/delivery-tracking',
    );
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  });

  it('hides the cart badge at 0', async () => {
    await renderWithRouter(<Header cartCount={0} session={null} onSignOut={noop} />);
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });

  it('shows the cart badge with the count', async () => {
    await renderWithRouter(<Header cartCount={3} session={null} onSignOut={noop} />);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Cart 3 items' })).toHaveAttribute('href', '/cart');
  });

  it('shows Sign In when nobody is signed in', async () => {
    await renderWithRouter(<Header cartCount={0} session={null} onSignOut={noop} />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('shows Account and Sign Out for a signed-in customer', async () => {
    const onSignOut = vi.fn();
    await renderWithRouter(<Header cartCount={0} session={{ name: 'Amina' }} onSignOut={onSignOut} />);
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('opens and closes the mobile menu', async () => {
    const user = userEvent.setup();
    await renderWithRouter(<Header cartCount={0} session={null} onSignOut={noop} />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByRole('link', { name: 'Discover' })).toHaveAttribute('href', '/products');
    expect(within(mobile).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});
