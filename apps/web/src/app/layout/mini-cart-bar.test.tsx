import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { MiniCartBar } from './mini-cart-bar';

describe('MiniCartBar', () => {
  it('is hidden when the cart is empty', async () => {
    await renderWithRouter(
      <div data-testid="page">
        <MiniCartBar itemCount={0} total={0} />
      </div>,
    );
    expect(screen.getByTestId('page')).toBeEmptyDOMElement();
    expect(screen.queryByRole('region', { name: 'Cart summary' })).not.toBeInTheDocument();
  });

  it('shows the item count, the total in shillings, View Cart and Checkout', async () => {
    await renderWithRouter(<MiniCartBar itemCount={3} total={1_250_000} />);
    const bar = screen.getByRole('region', { name: 'Cart summary' });
    expect(bar).toHaveTextContent('3 items');
    expect(bar).toHaveTextContent('Shs 1,250,000');
    expect(screen.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('says “1 item” for one bottle', async () => {
    await renderWithRouter(<MiniCartBar itemCount={1} total={85_000} />);
    expect(screen.getByRole('region', { name: 'Cart summary' })).toHaveTextContent('1 item·Total Shs 85,000');
  });
});
