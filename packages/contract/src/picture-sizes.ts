/**
 * The `sizes` of each place a photo is shown: the storefront's `<picture>`s and the server's
 * `<link rel="preload" imagesrcset>` of the first screen must agree, or the browser fetches twice.
 */
export const PICTURE_SIZES = {
  card: '(min-width: 1280px) 300px, (min-width: 640px) 33vw, 50vw',
  hero: '(min-width: 1024px) 400px, 100vw',
  gallery: '(min-width: 1024px) 45vw, 100vw',
  thumbnail: '80px',
} as const;
