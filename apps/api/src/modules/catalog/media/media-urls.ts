import { MEDIA_BASE_PATH } from '@shop/contract/catalog';

/**
 * Generated images are drawn on request from what their URL says (view, style, vintage and the
 * label text), so a URL always answers the same picture: it is cached for a year, needs no file
 * and no database row, and works the same on every API instance. The renderer version is part
 * of the path; bump it when the drawings change so that caches fetch the new ones.
 */
export const RENDERER_VERSION = 'v1';

export const IMAGE_VIEWS = ['bottle', 'pour', 'category'] as const;
export type ImageView = (typeof IMAGE_VIEWS)[number];

export const BOTTLE_STYLES = [
  'red-wine',
  'white-wine',
  'rose-wine',
  'sparkling',
  'champagne',
  'fortified',
  'dessert-wine',
  'whisky',
  'bourbon',
  'gin',
  'vodka',
  'rum',
  'tequila',
  'cognac',
  'brandy',
  'liqueur',
  'cream-liqueur',
  'beer',
  'cider',
] as const;
export type BottleStyle = (typeof BOTTLE_STYLES)[number];

export function isBottleStyle(value: string): value is BottleStyle {
  return (BOTTLE_STYLES as readonly string[]).includes(value);
}

/** Longest label (in characters) a generated image carries. */
export const MAX_LABEL_LENGTH = 160;

export type GeneratedImage = {
  view: ImageView;
  style: BottleStyle;
  vintage: number | null;
  label: string;
};

/** A generated image's file name: its label (cut to MAX_LABEL_LENGTH), base64url, `.svg`. */
export function generatedImageFile(label: string): string {
  return `${Buffer.from(label.slice(0, MAX_LABEL_LENGTH), 'utf8').toString('base64url')}.svg`;
}

export function generatedImageUrl(image: GeneratedImage): string {
  return `${MEDIA_BASE_PATH}/gen/${RENDERER_VERSION}/${image.view}/${image.style}/${image.vintage ?? 'nv'}/${generatedImageFile(image.label)}`;
}

const GENERATED_PATH =
  /^\/media\/gen\/v\d{1,3}\/([a-z]+)\/([a-z-]+)\/(nv|\d{4})\/([A-Za-z0-9_-]{1,320})\.svg$/;

/** Reads a generated image's URL path back; undefined when it is not one. */
export function parseGeneratedImagePath(pathname: string): GeneratedImage | undefined {
  const match = GENERATED_PATH.exec(pathname);
  if (!match) return undefined;
  const [, view, style, vintage, encoded] = match;
  if (!(IMAGE_VIEWS as readonly string[]).includes(view!) || !isBottleStyle(style!)) return undefined;
  const label = Buffer.from(encoded!, 'base64url').toString('utf8');
  if (label.length === 0 || label.length > MAX_LABEL_LENGTH || label.includes('\uFFFD')) return undefined;
  // Only the canonical encoding is accepted, so one picture has one URL.
  if (Buffer.from(label, 'utf8').toString('base64url') !== encoded) return undefined;
  return {
    view: view as ImageView,
    style,
    vintage: vintage === 'nv' ? null : Number(vintage),
    label,
  };
}

/** The picture style that fits a category (by slug) or, failing that, a product type. */
export function styleFor(categorySlug: string | undefined, productType: string): BottleStyle {
  const slug = (categorySlug ?? '').toLowerCase();
  const bySlug: Array<[RegExp, BottleStyle]> = [
    [/champagne/, 'champagne'],
    [/sparkling|prosecco|cava/, 'sparkling'],
    [/ros[eé]|blush/, 'rose-wine'],
    [/white/, 'white-wine'],
    [/red/, 'red-wine'],
    [/port|fortified|sherry/, 'fortified'],
    [/dessert|sweet/, 'dessert-wine'],
    [/bourbon/, 'bourbon'],
    [/whisk/, 'whisky'],
    [/gin/, 'gin'],
    [/vodka/, 'vodka'],
    [/rum/, 'rum'],
    [/tequila|mezcal/, 'tequila'],
    [/cognac/, 'cognac'],
    [/brandy/, 'brandy'],
    [/cream/, 'cream-liqueur'],
    [/liqueur/, 'liqueur'],
    [/cider/, 'cider'],
    [/beer|lager|ale/, 'beer'],
  ];
  for (const [pattern, style] of bySlug) if (pattern.test(slug)) return style;
  switch (productType) {
    case 'wine':
      return 'red-wine';
    case 'liqueur':
      return 'liqueur';
    case 'beer':
      return 'beer';
    case 'cider':
      return 'cider';
    default:
      return 'whisky';
  }
}

/** The two pictures of a product: the bottle, and the bottle with a poured glass. */
export function productImages(product: {
  name: string;
  vintage: number | null;
  style: BottleStyle;
}): Array<{ url: string; alt: string }> {
  const label = product.vintage ? `${product.name} ${product.vintage}` : product.name;
  return [
    {
      url: generatedImageUrl({
        view: 'bottle',
        style: product.style,
        vintage: product.vintage,
        label: product.name,
      }),
      alt: `Bottle of ${label}`,
    },
    {
      url: generatedImageUrl({
        view: 'pour',
        style: product.style,
        vintage: product.vintage,
        label: product.name,
      }),
      alt: `${label}, poured`,
    },
  ];
}

export function categoryImageUrl(name: string, style: BottleStyle): string {
  return generatedImageUrl({ view: 'category', style, vintage: null, label: name });
}
