import type { RiderRun, RiderStop } from '@shop/contract/rider';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeHandler, mockIdentityApi } from '../../../test/fakes/identity-api';
import { renderWithRouter } from '../../../test/render';
import { readQueue } from '../lib/action-queue';
import { RiderRunScreen } from './rider-run';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ORDER_ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

function stop(overrides: Partial<RiderStop> = {}): RiderStop {
  return {
    order_id: ORDER_ID,
    order_number: 'ORD-20261129-7KQ2M',
    status: 'ready_for_delivery',
    customer_name: 'Namara Kisakye',
    phone: '+256772123456',
    zone: 'Kampala Central',
    street: 'Acacia Avenue 12',
    landmark: 'Opposite Shell Kololo',
    pin: null,
    access_instructions: null,
    delivery_window: 'Evening',
    expected_at: null,
    collect: { cash: true, amount: 290_000 },
    bottles: 3,
    cases: 1,
    handover: { attempts_left: 5, locked: false, verified_by_staff: false },
    door_outcome: null,
    refusal_reason: null,
    delivered_at: null,
    proof_taken: false,
    ...overrides,
  };
}

function run(stops: RiderStop[]): RiderRun {
  return {
    day: '2026-11-29',
    stops,
    cash: { collected: 0, handed_in: 0, on_hand: 0 },
    handins: [],
  };
}

const result = (request: { body?: unknown }) => ({
  action_id: (request.body as { action_id: string }).action_id,
  replayed: false,
  message: 'Done',
  change_due: null,
});

async function renderScreen(handlers: Record<string, FakeHandler>) {
  const api = mockIdentityApi(handlers);
  await renderWithRouter(<RiderRunScreen />);
  await screen.findByRole('heading', { name: 'Today’s run' });
  return api;
}

describe('the rider’s screen', () => {
  it('shows each stop with call and WhatsApp links, the landmark, the cash to collect and what to carry', async () => {
    await renderScreen({ 'GET /rider/run/': () => run([stop()]) });
    const card = await screen.findByRole('article', { name: /Stop 1: ORD-20261129-7KQ2M/ });
    expect(within(card).getByRole('heading', { name: /Namara Kisakye/ })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+256772123456');
    expect(within(card).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/256772123456',
    );
    expect(within(card).getByText('Opposite Shell Kololo')).toBeInTheDocument();
    expect(within(card).getByText(/290,000 cash/)).toBeInTheDocument();
    expect(within(card).getByText('3 bottles, 1 case')).toBeInTheDocument();
  });

  it('shows the customer’s pin with a link that opens it in the maps app', async () => {
    const map = 'https://www.google.com/maps/search/?api=1&query=0.337813%2C32.602187';
    await renderScreen({
      'GET /rider/run/': () => run([stop({ pin: { plus_code: '6GGJ8JQ2+5V', map_url: map } })]),
    });
    const card = await screen.findByRole('article', { name: /Stop 1/ });
    expect(within(card).getByText(/6GGJ8JQ2\+5V/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Open in maps' })).toHaveAttribute('href', map);
  });

  it('shows no pin when the customer dropped none', async () => {
    await renderScreen({ 'GET /rider/run/': () => run([stop()]) });
    const card = await screen.findByRole('article', { name: /Stop 1/ });
    expect(within(card).queryByRole('link', { name: 'Open in maps' })).toBeNull();
  });

  it('sends "out for delivery" with an action id made on the phone', async () => {
    const api = await renderScreen({
      'GET /rider/run/': () => run([stop()]),
      'POST /rider/actions/': result,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Out for delivery' }));
    await waitFor(() => expect(api.callsTo('POST /rider/actions/')).toHaveLength(1));
    const body = api.callsTo('POST /rider/actions/')[0]!.body as Record<string, string>;
    expect(body).toMatchObject({ kind: 'out_for_delivery', order_id: ORDER_ID });
    expect(body.action_id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(readQueue()).toEqual([]));
  });

  it('keeps a handover made offline in a visible queue and sends the same action when back online', async () => {
    let online = false;
    const api = await renderScreen({
      'GET /rider/run/': () => run([stop({ status: 'out_for_delivery' })]),
      'POST /rider/actions/': (request) => {
        if (!online) throw new TypeError('Failed to fetch');
        return result(request);
      },
    });
    const card = await screen.findByRole('article', { name: /Stop 1/ });
    await userEvent.type(within(card).getByLabelText(/Customer’s code/), '123456');
    await userEvent.type(within(card).getByLabelText(/Cash received/), '300000');
    expect(within(card).getByText('Change: Shs 10,000')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Hand over' }));

    const waiting = await screen.findByRole('region', { name: 'Waiting to send' });
    expect(within(waiting).getByText('ORD-20261129-7KQ2M handed over')).toBeInTheDocument();
    expect(readQueue()).toHaveLength(1);
    const sentOffline = api.callsTo('POST /rider/actions/').length;
    expect(sentOffline).toBeGreaterThan(0);

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Waiting to send' })).toBeNull());
    expect(readQueue()).toEqual([]);
    const calls = api.callsTo('POST /rider/actions/');
    const ids = new Set(calls.map((call) => (call.body as { action_id: string }).action_id));
    // Every attempt carried the same id: the server does it once.
    expect(ids.size).toBe(1);
    expect(calls.at(-1)!.body).toMatchObject({
      kind: 'handover',
      code: '123456',
      age_check: 'clearly_of_age',
      cash_tendered: 300_000,
    });
  });

  it('shows a refused action’s reason and takes it off the queue', async () => {
    await renderScreen({
      'GET /rider/run/': () =>
        run([stop({ status: 'out_for_delivery', collect: { cash: false, amount: 0 } })]),
      'POST /rider/actions/': () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'validation_failed',
              message: 'That code is not right: 4 tries left',
              fields: [{ field: 'code', message: 'That code is not right: 4 tries left' }],
            },
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        ),
    });
    const card = await screen.findByRole('article', { name: /Stop 1/ });
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    await userEvent.type(within(card).getByLabelText(/Customer’s code/), '000000');
    await userEvent.click(within(card).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText(/That code is not right: 4 tries left/)).toBeInTheDocument();
    expect(readQueue()).toEqual([]);
  });

  it('queues a photo and the position after the handover, each with its own id, offline too', async () => {
    let online = false;
    const where = { latitude: 0.332614, longitude: 32.590231, accuracy: 17.6 };
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      geolocation: {
        getCurrentPosition: (found: (position: { coords: typeof where }) => void) => found({ coords: where }),
      },
    });
    const api = await renderScreen({
      'GET /rider/run/': () =>
        run([stop({ status: 'out_for_delivery', collect: { cash: false, amount: 0 } })]),
      'POST /rider/actions/': (request) => {
        if (!online) throw new TypeError('Failed to fetch');
        return result(request);
      },
    });
    const card = await screen.findByRole('article', { name: /Stop 1/ });
    await userEvent.type(within(card).getByLabelText(/Customer’s code/), '123456');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'door.jpg', {
      type: 'image/jpeg',
    });
    const input = within(card).getByLabelText('Photo of the handover');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    await userEvent.upload(input, photo);
    expect(await within(card).findByText('Photo ready: it is sent with the handover.')).toBeInTheDocument();
    await userEvent.click(within(card).getByLabelText('Share my position with the shop'));
    expect(await within(card).findByText('Position found (within 18 m).')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Hand over' }));

    const waiting = await screen.findByRole('region', { name: 'Waiting to send' });
    expect(within(waiting).getByText('ORD-20261129-7KQ2M proof of delivery')).toBeInTheDocument();
    expect(readQueue().map((entry) => entry.kind)).toEqual(['handover', 'proof']);

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(readQueue()).toEqual([]));
    const sent = api.callsTo('POST /rider/actions/').map((call) => call.body as Record<string, unknown>);
    const proof = sent.filter((body) => body.kind === 'proof');
    // Sent once it had an answer, with its own id, after the handover.
    expect(new Set(proof.map((body) => body.action_id)).size).toBe(1);
    expect(proof.at(-1)).toMatchObject({
      order_id: ORDER_ID,
      photo: btoa(String.fromCharCode(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3)),
      position: { latitude: where.latitude, longitude: where.longitude, accuracy_m: 18 },
    });
    expect(sent.findLastIndex((body) => body.kind === 'handover')).toBeLessThan(
      sent.findIndex((body) => body.kind === 'proof'),
    );
  });

  it('says plainly when the phone refuses the position, and hands over without it', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      geolocation: {
        getCurrentPosition: (
          _found: unknown,
          failed: (error: { code: number; PERMISSION_DENIED: number }) => void,
        ) => failed({ code: 1, PERMISSION_DENIED: 1 }),
      },
    });
    const api = await renderScreen({
      'GET /rider/run/': () =>
        run([stop({ status: 'out_for_delivery', collect: { cash: false, amount: 0 } })]),
      'POST /rider/actions/': result,
    });
    const card = await screen.findByRole('article', { name: /Stop 1/ });
    await userEvent.type(within(card).getByLabelText(/Customer’s code/), '123456');
    await userEvent.click(within(card).getByLabelText('Share my position with the shop'));
    expect(
      await within(card).findByText('The phone did not allow the position: the handover goes without it.'),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Hand over' }));
    await waitFor(() => expect(readQueue()).toEqual([]));
    const kinds = api.callsTo('POST /rider/actions/').map((call) => (call.body as { kind: string }).kind);
    expect(kinds).toEqual(['handover']);
  });

  it('refuses a file that is not a photo on the phone, before anything is queued', async () => {
    await renderScreen({
      'GET /rider/run/': () =>
        run([stop({ status: 'out_for_delivery', collect: { cash: false, amount: 0 } })]),
    });
    const card = await screen.findByRole('article', { name: /Stop 1/ });
    const input = within(card).getByLabelText('Photo of the handover');
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(await within(card).findByText('That file is not a photo')).toBeInTheDocument();
    expect(readQueue()).toEqual([]);
  });
});
