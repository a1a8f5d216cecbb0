import { configure, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderWithRouter } from '../../../test/render';
import { OrderHandover } from './order-handover';

configure({ asyncUtilTimeout: 5_000 });
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PATH = 'GET /orders/delivery-tracking/ORD-20261129-7KQ2M/handover-code/';
const order = { order_number: 'ORD-20261129-7KQ2M', fulfilment: 'delivery' as const };

describe('the handover on the customer’s order page', () => {
  it('shows the code while the order is out for delivery', async () => {
    mockIdentityApi({ [PATH]: () => ({ code: '048213', door_outcome: null, refusal_reason: null }) });
    await renderWithRouter(<OrderHandover order={{ ...order, status: 'out_for_delivery' }} />);
    expect(await screen.findByTestId('handover-code')).toHaveTextContent('048213');
  });

  it('says the order was returned to the shop, and why', async () => {
    mockIdentityApi({
      [PATH]: () => ({ code: null, door_outcome: 'returned_to_shop', refusal_reason: 'no_id' }),
    });
    await renderWithRouter(<OrderHandover order={{ ...order, status: 'cancelled' }} />);
    expect(await screen.findByText('Returned to shop: no id.')).toBeInTheDocument();
  });

  it('asks nothing before the order goes out', async () => {
    const api = mockIdentityApi({
      [PATH]: () => ({ code: '048213', door_outcome: null, refusal_reason: null }),
    });
    await renderWithRouter(<OrderHandover order={{ ...order, status: 'processing' }} />);
    expect(api.callsTo(PATH)).toHaveLength(0);
    expect(screen.queryByTestId('handover-code')).toBeNull();
  });
});
