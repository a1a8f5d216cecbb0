import { type AdminProductImage, responsivePicture } from '@shop/contract/product-images';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../../lib/toast';
import { renderWithRouter } from '../../../test/render';
import { ProductPhotosPanel } from './product-photos-panel';

const PRODUCT = 7;

function photo(id: number, alt: string, sortOrder: number): AdminProductImage {
  const hash = String(id).padStart(32, '0');
  return {
    id,
    product_id: PRODUCT,
    url: `/media/p/${hash}-640.jpg`,
    alt,
    sort_order: sortOrder,
    picture: responsivePicture({ hash, width: 640, height: 480, widths: [320, 640] }),
    created_at: '2026-11-25T08:00:00.000Z',
  };
}

const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The server's IMAGE_UPLOAD_MAX_BYTES in these tests: not the default, so the panel must ask. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** A fake of the staff photo endpoints over fetch, holding the product's photos. */
function fakePhotosApi(initial: AdminProductImage[]) {
  let images = [...initial];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ method, path, body });
      if (method === 'GET' && path === `/admin/catalog/products/${PRODUCT}/images/`)
        return json({ images, max_file_bytes: MAX_FILE_BYTES });
      if (method === 'PUT' && path === `/admin/catalog/products/${PRODUCT}/images/order/`) {
        const ids = (body as { ids: number[] }).ids;
        images = ids.map((id, index) => ({ ...images.find((image) => image.id === id)!, sort_order: index }));
        return json({ images, max_file_bytes: MAX_FILE_BYTES });
      }
      const match = /^\/admin\/catalog\/images\/(\d+)\/$/.exec(path);
      if (match && method === 'PATCH') {
        const alt = (body as { alt: string }).alt;
        images = images.map((image) => (image.id === Number(match[1]) ? { ...image, alt } : image));
        return json(images.find((image) => image.id === Number(match[1])));
      }
      if (match && method === 'DELETE') {
        images = images.filter((image) => image.id !== Number(match[1]));
        return new Response(null, { status: 204 });
      }
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    }),
  );
  return {
    requests,
    add: (image: AdminProductImage) => {
      images = [...images, image];
      return images;
    },
  };
}

type Sent = { url: string; form: FormData; request: FakeXhr };
class FakeXhr {
  static sent: Sent[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(form: FormData) {
    FakeXhr.sent.push({ url: this.url, form, request: this });
  }
  abort() {}
  /** Reports progress, then answers. */
  respond(status: number, body: unknown) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

describe('ProductPhotosPanel', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the photos in order with their thumbnails as <picture>', async () => {
    fakePhotosApi([photo(1, 'Front label', 0), photo(2, 'Back label', 1)]);
    await renderWithRouter(<ProductPhotosPanel productId={PRODUCT} />);
    const list = await screen.findByRole('list', { name: 'Photos in order' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Photo 1 of 2 · main photo');
    const thumbnail = within(items[0]!).getByRole('img', { name: 'Front label' });
    expect(thumbnail.parentElement?.tagName).toBe('PICTURE');
    expect(within(items[1]!).getByRole('textbox', { name: 'Alt text of photo 2' })).toHaveValue('Back label');
  });

  it('uploads each dropped or chosen file on its own, with progress, and shows the refused file’s reason', async () => {
    const api = fakePhotosApi([]);
    const user = userEvent.setup();
    await renderWithRouter(<ProductPhotosPanel productId={PRODUCT} />);
    expect(await screen.findByText(/No photos yet/)).toBeInTheDocument();
    // The accepted types and the server's size limit are stated before a file is chosen.
    expect(screen.getByTestId('photo-drop-zone')).toHaveTextContent(
      'JPEG, PNG, WebP or AVIF, up to 5 MB each',
    );

    await user.upload(screen.getByLabelText(/Drop photos here/), [jpeg('front.jpg'), jpeg('notes.jpg')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const first = FakeXhr.sent[0]!;
    expect(first.url).toBe(`/api/v1/admin/catalog/products/${PRODUCT}/images/`);
    expect((first.form.get('files') as File).name).toBe('front.jpg');
    expect(screen.getByRole('progressbar', { name: 'Uploading front.jpg' })).toBeInTheDocument();
    first.request.respond(201, { images: api.add(photo(5, 'Front', 0)), max_file_bytes: MAX_FILE_BYTES });

    // The next file goes once the first is done.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(await screen.findByRole('img', { name: 'Front' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Uploading front.jpg' })).not.toBeInTheDocument();
    FakeXhr.sent[1]!.request.respond(422, {
      error: {
        code: 'validation_failed',
        message: '"notes.jpg" is not a picture we can read. Nothing was uploaded.',
        fields: [{ field: 'files.0', message: '"notes.jpg" is not a picture we can read' }],
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('"notes.jpg" is not a picture we can read');

    // Dropping works like choosing.
    fireEvent.drop(screen.getByTestId('photo-drop-zone'), { dataTransfer: { files: [jpeg('glass.jpg')] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    expect((FakeXhr.sent[2]!.form.get('files') as File).name).toBe('glass.jpg');
  });

  it('reorders with the buttons, saves the alt text (required) and removes a photo after confirming', async () => {
    const api = fakePhotosApi([photo(1, 'Front label', 0), photo(2, 'Back label', 1)]);
    const user = userEvent.setup();
    await renderWithRouter(
      <>
        <ProductPhotosPanel productId={PRODUCT} />
        <Toasts />
      </>,
    );
    await screen.findByRole('list', { name: 'Photos in order' });

    await user.click(screen.getByRole('button', { name: 'Move up photo 2' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ ids: [2, 1] }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Alt text of photo 1' })).toHaveValue('Back label'),
    );
    expect(await screen.findByText('Order of the photos saved')).toBeInTheDocument();

    const alt = screen.getByRole('textbox', { name: 'Alt text of photo 2' });
    await user.clear(alt);
    await user.click(screen.getByRole('button', { name: 'Save alt text of photo 2' }));
    expect(await screen.findByText('Describe the photo for people who cannot see it')).toBeInTheDocument();
    expect(api.requests.some((request) => request.method === 'PATCH')).toBe(false);
    await user.type(alt, 'Front label, 2015 vintage');
    await user.click(screen.getByRole('button', { name: 'Save alt text of photo 2' }));
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: '/admin/catalog/images/1/',
        body: { alt: 'Front label, 2015 vintage' },
      }),
    );

    const removeButton = screen.getByRole('button', { name: 'Remove photo 1' });
    await user.click(removeButton);
    expect(await screen.findByRole('dialog', { name: 'Remove photo 1 from the shop?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removeButton).toHaveFocus();
    expect(api.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(removeButton);
    const dialog = await screen.findByRole('dialog', { name: 'Remove photo 1 from the shop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Photos in order' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(await screen.findByText('Photo 1 removed')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'DELETE')?.path).toBe(
      '/admin/catalog/images/2/',
    );
  });
});
