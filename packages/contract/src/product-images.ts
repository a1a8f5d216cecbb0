import { z } from 'zod';
import { MEDIA_BASE_PATH } from './catalog-constants';

/**
 * Product photos (issue 16, "Pictures"). Staff upload JPEG, PNG, WebP or AVIF files; the server
 * applies the orientation, strips metadata (EXIF, GPS), resizes to {@link PHOTO_WIDTHS} (never
 * larger than the upload) and encodes each width as AVIF, WebP and JPEG, named by the upload's
 * content hash: `/media/p/<hash>-<width>.<avif|webp|jpg>`, cached for a year (immutable).
 *
 * Staff endpoints (under /api/v1/admin/catalog/):
 * - `GET products/{id}/images/`: the product's images, in order.
 * - `POST products/{id}/images/`: multipart/form-data, one or several files (field `files`).
 * - `PATCH images/{id}/`: the alt text.
 * - `PUT products/{id}/images/order/`: `{ ids }`, every image of the product in the new order.
 * - `DELETE images/{id}/`.
 */

/** Widths of the files made from each upload (those above the upload's own width are skipped). */
export const PHOTO_WIDTHS = [320, 640, 1024, 1600] as const;
export const PHOTO_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];
export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
};

/** What staff may upload (the real type, read from the file's content). */
export const ACCEPTED_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type AcceptedUploadType = (typeof ACCEPTED_UPLOAD_TYPES)[number];
export const UPLOAD_TYPE_NAMES: Record<AcceptedUploadType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
};
/** Default of the IMAGE_UPLOAD_MAX_BYTES setting. */
export const DEFAULT_IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Largest picture accepted, in pixels (a decompression bomb is refused before it is decoded). */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** Files one request may carry. */
export const MAX_FILES_PER_UPLOAD = 10;
/** Photos one product may have. */
export const MAX_PHOTOS_PER_PRODUCT = 24;
export const ALT_TEXT_MAX_LENGTH = 250;

export const PHOTO_PATH_PREFIX = `${MEDIA_BASE_PATH}/p/` as const;

export function photoFileUrl(hash: string, width: number, format: PhotoFormat): string {
  return `${PHOTO_PATH_PREFIX}${hash}-${width}.${format}`;
}

// In picture-sizes.ts, without zod: the storefront's first screen uses it, and importing it from
// here would bring this module's schemas, and zod, into the first page's JavaScript.
export { PICTURE_SIZES } from './picture-sizes';

/** A photo's files for `<picture>`: one `srcset` per format, and the largest file's size. */
export const responsivePictureSchema = z
  .object({
    width: z.number().int().describe('Width of the largest file, in pixels'),
    height: z.number().int().describe('Height of the largest file, in pixels'),
    avif: z.string().describe('srcset of the AVIF files, e.g. "/media/p/…-320.avif 320w, …"'),
    webp: z.string().describe('srcset of the WebP files'),
    jpeg: z.string().describe('srcset of the JPEG files (the fallback)'),
  })
  .describe('An uploaded photo at several widths; null for drawn pictures');
export type ResponsivePicture = z.infer<typeof responsivePictureSchema>;

export function responsivePicture(set: {
  hash: string;
  width: number;
  height: number;
  widths: readonly number[];
}): ResponsivePicture {
  const srcset = (format: PhotoFormat) =>
    set.widths.map((width) => `${photoFileUrl(set.hash, width, format)} ${width}w`).join(', ');
  return {
    width: set.width,
    height: set.height,
    avif: srcset('avif'),
    webp: srcset('webp'),
    jpeg: srcset('jpg'),
  };
}

export const productImagesMessages = {
  altRequired: 'Describe the photo for people who cannot see it',
  notAnImage: 'is not a picture we can read',
  unsupportedType: 'is not a JPEG, PNG, WebP or AVIF picture',
  tooManyPixels: `is too large a picture (at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels)`,
  noFiles: 'Choose at least one photo to upload',
  tooManyFiles: `Upload at most ${MAX_FILES_PER_UPLOAD} photos at once`,
  tooManyPhotos: `A product has at most ${MAX_PHOTOS_PER_PRODUCT} photos`,
  orderMismatch: 'must list every image of the product exactly once',
} as const;

export const productImageParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'must be a number' })
    .int()
    .min(1)
    .max(2_147_483_647)
    .describe('The product id'),
});
export const imageParamsSchema = z.object({
  id: z.coerce.number({ error: 'must be a number' }).int().min(1).max(2_147_483_647).describe('The image id'),
});

export const adminProductImageSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  url: z.string().describe('The picture (the largest JPEG of a photo)'),
  alt: z.string(),
  sort_order: z.number().int(),
  picture: responsivePictureSchema.nullable(),
  created_at: z.string().describe('ISO 8601'),
});
export type AdminProductImage = z.infer<typeof adminProductImageSchema>;

export const adminProductImagesResponseSchema = z.object({
  images: z.array(adminProductImageSchema).describe('The product’s photos in the shop’s order'),
  max_file_bytes: z
    .number()
    .int()
    .describe('Largest file an upload may carry (the IMAGE_UPLOAD_MAX_BYTES setting), stated to staff'),
});
export type AdminProductImagesResponse = z.infer<typeof adminProductImagesResponseSchema>;

export const altTextSchema = z
  .string({ error: productImagesMessages.altRequired })
  .trim()
  .min(1, { error: productImagesMessages.altRequired })
  .max(ALT_TEXT_MAX_LENGTH, { error: `must be at most ${ALT_TEXT_MAX_LENGTH} characters` });

export const updateProductImageRequestSchema = z.object({
  alt: altTextSchema.describe('What the photo shows, read aloud by screen readers'),
});
export type UpdateProductImageRequest = z.infer<typeof updateProductImageRequestSchema>;

export const reorderProductImagesRequestSchema = z.object({
  ids: z
    .array(z.number().int().min(1), { error: 'must be a list of image ids' })
    .max(MAX_PHOTOS_PER_PRODUCT * 4)
    .describe('Every image of the product, in the new order'),
});
export type ReorderProductImagesRequest = z.infer<typeof reorderProductImagesRequestSchema>;

/** The multipart body of an upload, for the OpenAPI document (the parts are read as a stream). */
export const uploadProductImagesBodySchema = z
  .object({
    files: z
      .array(z.string().describe('binary'))
      .describe(`One or several JPEG, PNG, WebP or AVIF files (at most ${MAX_FILES_PER_UPLOAD})`),
    alt: z.string().optional().describe('Alt text for the photos; default: the product’s name'),
  })
  .describe('multipart/form-data');
