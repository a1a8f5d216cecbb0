import { BRAND } from '@shop/contract/brand';
import { useEffect } from 'react';

const DESCRIPTION_LENGTH = 160;

function shorten(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= DESCRIPTION_LENGTH ? clean : `${clean.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/**
 * Once a product is shown, the tab's title becomes "{product name} | {brand}" and the page's meta
 * description the product's. (The server puts the same, with Open Graph tags and schema.org data,
 * into the HTML it answers for the URL; this keeps them right while browsing in the app.)
 */
export function useProductHead(product: { name: string; description: string } | undefined): void {
  const name = product?.name;
  const description = product?.description;

  useEffect(() => {
    if (!name) return;
    let active = true;
    // The layout sets the route's title in its own effect, which runs after this page's effects in
    // the same commit: the product's title is set just after it.
    queueMicrotask(() => {
      if (active) document.title = `${name} | ${BRAND.name}`;
    });
    return () => {
      active = false;
    };
  }, [name]);

  useEffect(() => {
    if (!description) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = shorten(description);
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
