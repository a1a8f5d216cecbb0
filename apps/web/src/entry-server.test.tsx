import { DEFAULT_SHOP_SETTINGS } from '@shop/contract/settings-values';
import { describe, expect, it, vi } from 'vitest';
import { keptFrameCount, renderPage } from './entry-server';
import { json, makeDetail, makeProduct } from './test/fakes/catalog-api';
import { makeEventDetail } from './test/fakes/events-api';

/*
 * A product page is its own part put in a frame rendered once (lib/server-parts.tsx): the two
 * together must be the very text a render of the whole page gives (ids included), or the browser
 * would hydrate something else. Without the settings at hand the renderer asks for them and renders
 * the whole page: that is the reference here.
 */

// Under Vitest lucide-react's icons come out of React's forwardRef, which Preact's string renderer
// cannot render (the built renderer bundles them on Preact): a plain stand-in per icon, the same in
// both renders compared here.
vi.mock('lucide-react', async (importOriginal) => {
  const icons = await importOriginal<Record<string, unknown>>();
  return Object.fromEntries(
    Object.keys(icons).map((name) => [
      name,
      ({ className }: { className?: string }) => (
        <svg data-icon={name} class={className} aria-hidden="true" />
      ),
    ]),
  );
});

const settingsFetch =
  (settings: unknown): typeof fetch =>
  async (input) =>
    String(input).includes('/settings/') ? json(settings) : json({ detail: 'not found' }, 404);

async function framed(url: string, detail: unknown, settings: unknown) {
  return renderPage({
    url,
    pageData: { product: { id: url.split('/').at(-1), detail } },
    fetch: settingsFetch(settings),
    settings,
  });
}

async function whole(url: string, detail: unknown, settings: unknown) {
  return renderPage({
    url,
    pageData: { product: { id: url.split('/').at(-1), detail } },
    fetch: settingsFetch(settings),
  });
}

const products = [
  makeDetail({ id: 501, slug: 'bottle-501', related: [makeProduct(), makeProduct(), makeProduct()] }),
  // Fewer parts (no related products, one size, no reviews): the page takes fewer ids.
  makeDetail({ id: 502, slug: 'bottle-502', related: [], review_count: 0, average_rating: 0 }),
  makeDetail({ id: 503, slug: 'bottle-503', in_stock: false, related: [makeProduct({ id: 504 })] }),
];

describe('product pages rendered in a kept frame', () => {
  it('give the same text as the whole page rendered, for pages taking different numbers of ids', async () => {
    const settings = { ...DEFAULT_SHOP_SETTINGS };
    for (const detail of products) {
      const url = `/products/${detail.slug}`;
      const [inFrame, reference] = [await framed(url, detail, settings), await whole(url, detail, settings)];
      expect(reference).not.toBeNull();
      expect(inFrame?.html).toBe(reference?.html);
      expect(inFrame?.queriesJson).toBe(reference?.queriesJson);
      expect(inFrame?.html).toContain(detail.name);
    }
    // The frames were kept and used (not a whole render each time).
    expect(keptFrameCount()).toBeGreaterThan(0);
    const ids = [
      ...((await framed('/products/bottle-501', products[0], settings))?.html ?? '').matchAll(
        / id="([^"]+)"/g,
      ),
    ].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows a settings change on the next page (the frame is made again)', async () => {
    const before = { ...DEFAULT_SHOP_SETTINGS, phone: '+256 700 000001' };
    const after = { ...DEFAULT_SHOP_SETTINGS, phone: '+256 700 000002' };
    const detail = products[0];
    const url = `/products/${detail?.slug}`;
    expect((await framed(url, detail, before))?.html).toContain('+256 700 000001');
    const changed = await framed(url, detail, after);
    expect(changed?.html).toContain('+256 700 000002');
    expect(changed?.html).not.toContain('+256 700 000001');
    expect(changed?.html).toBe((await whole(url, detail, after))?.html);
  });

  it('puts an event page in its own kept frame, the same text as the whole page', async () => {
    const settings = { ...DEFAULT_SHOP_SETTINGS };
    const event = makeEventDetail({ slug: 'tasting-evening' });
    const eventsFetch: typeof fetch = async (input) => {
      const url = String(input);
      if (url.includes('/settings/')) return json(settings);
      if (url.includes('/events/events/tasting-evening/')) return json(event);
      return json({ detail: 'not found' }, 404);
    };
    const url = '/events/tasting-evening';
    // With these settings, a product page's frame is kept already: the event page adds its own.
    await framed('/products/bottle-501', products[0], settings);
    const framesBefore = keptFrameCount();
    const inFrame = await renderPage({ url, fetch: eventsFetch, settings });
    const reference = await renderPage({ url, fetch: eventsFetch });
    expect(reference?.html).toContain(event.title);
    expect(inFrame?.html).toBe(reference?.html);
    expect(inFrame?.queriesJson).toBe(reference?.queriesJson);
    // Rendered in a frame of the event route's own.
    expect(keptFrameCount()).toBeGreaterThan(framesBefore);
  });
});
