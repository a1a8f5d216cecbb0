import crypto from 'node:crypto';
import path from 'node:path';
import type { FieldError } from '@shop/contract/errors';
import {
  type AcceptedUploadType,
  MAX_UPLOAD_PIXELS,
  PHOTO_CONTENT_TYPES,
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  type PhotoFormat,
  productImagesMessages,
  UPLOAD_TYPE_NAMES,
} from '@shop/contract/product-images';
import type SharpModule from 'sharp';
import type { Metadata, OutputInfo, Sharp } from 'sharp';

let sharpModule: Promise<typeof SharpModule> | undefined;

/**
 * sharp (libvips) loads with the first upload: most processes never process a photo, and it
 * costs about 20 MB of RSS. Memory stays bounded: no decoded-image cache kept between requests,
 * and libvips uses at most two threads per image (the API shares its cores with request handling).
 */
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(2);
    return sharp;
  }));

export type UploadedFile = {
  /** As the browser sent it (shown back in error messages). */
  filename: string;
  /** The part's Content-Type. */
  mimetype: string;
  bytes: Buffer;
};

export type PhotoFile = {
  width: number;
  height: number;
  format: PhotoFormat;
  contentType: string;
  bytes: Buffer;
};

export type ProcessedPhoto = {
  /** First 128 bits of the upload's SHA-256, in hex: the set's name. */
  hash: string;
  /** Size of the largest file. */
  width: number;
  height: number;
  widths: number[];
  files: PhotoFile[];
};

/** A refusal of one file, with its reason (the route turns these into one 4xx). */
export class PhotoRejection extends Error {
  constructor(
    readonly status: 'unsupported_media_type' | 'validation_failed' | 'payload_too_large',
    readonly filename: string,
    readonly reason: string,
  ) {
    super(`${filename} ${reason}`);
    this.name = 'PhotoRejection';
  }

  toField(index: number): FieldError {
    return { field: `files.${index}`, message: `${this.filename} ${this.reason}` };
  }
}

const EXTENSION_TYPES: Record<string, AcceptedUploadType> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.jfif': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/** A filename fit to show back: no control characters, not too long. */
export function displayName(filename: string | undefined): string {
  const clean = (filename ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (!clean) return 'The file';
  return `"${clean.length > 80 ? `${clean.slice(0, 77)}…` : clean}"`;
}

/** The type the file says it is: its Content-Type when that is a picture type we know, else its extension. */
function claimedType(file: UploadedFile): AcceptedUploadType | undefined {
  const mimetype = file.mimetype.toLowerCase().split(';')[0]!.trim();
  if (mimetype === 'image/jpg' || mimetype === 'image/pjpeg') return 'image/jpeg';
  if (mimetype in UPLOAD_TYPE_NAMES) return mimetype as AcceptedUploadType;
  return EXTENSION_TYPES[path.extname(file.filename).toLowerCase()];
}

/** The real type, read from the content (the header only: nothing is decoded yet). */
function detectedType(metadata: Metadata): AcceptedUploadType | undefined {
  switch (metadata.format) {
    case 'jpeg':
      return 'image/jpeg';
    case 'png':
      return 'image/png';
    case 'webp':
      return 'image/webp';
    case 'heif':
      // HEIF is also Apple's HEIC (HEVC inside): only its AV1 flavour is AVIF.
      return metadata.compression === 'av1' ? 'image/avif' : undefined;
    default:
      return undefined;
  }
}

/** Widths made from a picture `width` pixels wide: the standard ones below it, and itself up to the largest. */
export function widthsFor(width: number): number[] {
  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  const below = PHOTO_WIDTHS.filter((candidate) => candidate < width);
  return width >= largest ? [...PHOTO_WIDTHS] : [...below, width];
}

function encoder(image: Sharp, format: PhotoFormat, hasAlpha: boolean): Sharp {
  switch (format) {
    case 'avif':
      // Effort 2 of 9: most of AVIF's saving at a fraction of the encoding time.
      return image.avif({ quality: 55, effort: 2 });
    case 'webp':
      return image.webp({ quality: 78, effort: 4 });
    case 'jpg':
      // JPEG has no transparency: a transparent PNG sits on white, like the page.
      return (hasAlpha ? image.flatten({ background: '#ffffff' }) : image).jpeg({
        quality: 80,
        mozjpeg: true,
      });
  }
}

/**
 * Checks one upload and makes its files: the real type is read from the content (JPEG, PNG,
 * WebP, AVIF only, and the one the file claims to be), the pixel count is bounded before
 * anything is decoded, then the picture is decoded once, turned upright (EXIF orientation),
 * scaled to the largest width and kept uncompressed in memory (a few MB, no metadata: EXIF, GPS
 * and the rest are gone), and each width × format is encoded from it, one after the other.
 */
export async function processPhoto(file: UploadedFile): Promise<ProcessedPhoto> {
  const name = displayName(file.filename);
  // Loaded before the checks: a library that fails to load is an error, not a refused picture.
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(file.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejection('validation_failed', name, productImagesMessages.notAnImage);
  }
  const actual = detectedType(metadata);
  if (!actual)
    throw new PhotoRejection('unsupported_media_type', name, productImagesMessages.unsupportedType);
  const claimed = claimedType(file);
  if (claimed && claimed !== actual) {
    throw new PhotoRejection(
      'validation_failed',
      name,
      `claims to be a ${UPLOAD_TYPE_NAMES[claimed]} picture but is a ${UPLOAD_TYPE_NAMES[actual]}`,
    );
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (!pixels) throw new PhotoRejection('validation_failed', name, productImagesMessages.notAnImage);
  if (pixels > MAX_UPLOAD_PIXELS) {
    throw new PhotoRejection(
      'validation_failed',
      name,
      `is ${metadata.width}×${metadata.height} pixels: ${productImagesMessages.tooManyPixels}`,
    );
  }

  const largest = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1]!;
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(file.bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRejection('validation_failed', name, productImagesMessages.notAnImage);
  }
  const { width, height, channels } = base.info;
  const hasAlpha = channels === 4 || channels === 2;
  const widths = widthsFor(width);
  const files: PhotoFile[] = [];
  for (const targetWidth of widths) {
    for (const format of PHOTO_FORMATS) {
      const resized = sharp(base.data, { raw: { width, height, channels } });
      if (targetWidth !== width) resized.resize({ width: targetWidth });
      const { data, info } = await encoder(resized, format, hasAlpha).toBuffer({ resolveWithObject: true });
      files.push({
        width: info.width,
        height: info.height,
        format,
        contentType: PHOTO_CONTENT_TYPES[format],
        bytes: data,
      });
    }
  }
  return {
    hash: crypto.createHash('sha256').update(file.bytes).digest('hex').slice(0, 32),
    width,
    height,
    widths,
    files,
  };
}
