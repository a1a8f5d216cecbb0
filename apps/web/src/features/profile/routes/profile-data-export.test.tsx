import type { DataExport } from '@shop/contract/data-exports';
import { formatKampalaDateTime } from '@shop/contract/kampala-time';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionExpiredHandler, setUnauthorizedHandler } from '../../../lib/api-client';
import {
  confirmAge,
  customerSession,
  envelope,
  makeProfile,
  mockIdentityApi,
} from '../../../test/fakes/identity-api';
import { renderApp } from '../../../test/render';

beforeEach(() => confirmAge());
afterEach(() => {
  setUnauthorizedHandler(null);
  setSessionExpiredHandler(null);
  vi.restoreAllMocks();
});

const ID = '6f1c2b7e-0d7a-4c55-9a3e-5b1f0c2d9e11';
const ASKED_AT = '2026-11-29T05:00:00Z';
const EXPIRES_AT = '2026-11-30T05:10:00Z';
const LATEST = 'GET /users/users/data-exports/latest/';

const queued: DataExport = {
  id: ID,
  state: 'queued',
  created_at: ASKED_AT,
  ready_at: null,
  expires_at: null,
  downloaded_at: null,
  download_url: null,
};
const ready: DataExport = {
  ...queued,
  state: 'ready',
  ready_at: '2026-11-29T05:10:00Z',
  expires_at: EXPIRES_AT,
  download_url: `/api/v1/users/users/data-exports/${ID}/download/`,
};

function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const href = `blob:http://localhost/${blobs.size + 1}`;
    blobs.set(href, blob as Blob);
    return href;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

async function openProfile(handlers: Parameters<typeof mockIdentityApi>[0]) {
  const api = mockIdentityApi({
    'GET /auth/get-session': () => customerSession(),
    'GET /users/users/profile/': () => makeProfile(),
    ...handlers,
  });
  await renderApp('/profile');
  const section = within(await screen.findByRole('region', { name: 'Download my data' }));
  return { api, section };
}

describe("the profile's Download my data", () => {
  it('asks for a copy and shows it being prepared', async () => {
    const user = userEvent.setup();
    let latest: DataExport | null = null;
    const { api, section } = await openProfile({
      [LATEST]: () => ({ export: latest }),
      'POST /users/users/data-exports/': () => {
        latest = queued;
        return new Response(JSON.stringify(queued), {
          status: 202,
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    await user.click(await section.findByRole('button', { name: 'Ask for a copy of my data' }));
    expect(
      await section.findByText(
        `We are preparing a copy of your data (asked on ${formatKampalaDateTime(ASKED_AT)}). We will tell you when it is ready.`,
      ),
    ).toBeInTheDocument();
    // While it is prepared, no second request can be made from here.
    expect(section.queryByRole('button', { name: 'Ask for a copy of my data' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /users/users/data-exports/')).toHaveLength(1);
  });

  it('shows the server’s answer when a request is already being prepared', async () => {
    const user = userEvent.setup();
    const { section } = await openProfile({
      [LATEST]: () => ({ export: null }),
      'POST /users/users/data-exports/': () =>
        envelope(409, 'conflict', `Your earlier data export (request ${ID}) is still being prepared.`),
    });
    await user.click(await section.findByRole('button', { name: 'Ask for a copy of my data' }));
    expect(await section.findByText(/request 6f1c2b7e-.* is still being prepared/)).toBeInTheDocument();
  });

  it('offers the ready copy once, and then says it was downloaded', async () => {
    const user = userEvent.setup();
    const saved = captureDownloads();
    let latest: DataExport = ready;
    const { api, section } = await openProfile({
      [LATEST]: () => ({ export: latest }),
      [`GET /users/users/data-exports/${ID}/download/`]: () => {
        latest = { ...ready, state: 'downloaded', download_url: null, downloaded_at: '2026-11-29T05:20:00Z' };
        return new Response('PK\u0003\u0004zip', {
          status: 200,
          headers: { 'Content-Type': 'application/zip' },
        });
      },
    });
    expect(
      await section.findByText(
        `Your copy is ready. Download it by ${formatKampalaDateTime(EXPIRES_AT)}; it can be downloaded once.`,
      ),
    ).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Download my data' }));
    expect(
      await section.findByText(
        `You downloaded your last copy on ${formatKampalaDateTime('2026-11-29T05:20:00Z')}.`,
      ),
    ).toBeInTheDocument();
    expect(saved.map((file) => file.name)).toEqual(['my-data.zip']);
    expect(api.callsTo(`GET /users/users/data-exports/${ID}/download/`)).toHaveLength(1);
    expect(section.queryByRole('button', { name: 'Download my data' })).not.toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Ask for a copy of my data' })).toBeInTheDocument();
  });
});
