import { MAX_UPLOAD_PIXELS } from '@shop/contract/product-images';
import { PROOF_PHOTO_MAX_BYTES, riderMessages } from '@shop/contract/rider';
import type SharpModule from 'sharp';
import { invalidInput } from '../../errors';

let sharpModule: Promise<typeof SharpModule> | undefined;

/** sharp loads with the first proof photo, bounded as for product photos (decision 0014). */
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(2);
    return sharp;
  }));

/** Wide enough to read a door number or a face at arm's length, small enough for mobile data. */
export const PROOF_PHOTO_WIDTH = 1280;

export type ProofPhoto = { bytes: Buffer; width: number; height: number };

const refuse = (message: string) => invalidInput([{ field: 'photo', message: `The photo ${message}` }]);

/**
 * Checks a proof photo and makes the one file kept: the type is read from the content (JPEG,
 * PNG or WebP), the pixel count is bounded before decoding, then it is turned upright (EXIF
 * orientation), scaled to PROOF_PHOTO_WIDTH at most and encoded as a JPEG with no metadata
 * (sharp writes none unless asked: EXIF, GPS and the phone's make are gone).
 */
export async function processProofPhoto(base64: string): Promise<ProofPhoto> {
  const input = Buffer.from(base64, 'base64');
  if (input.length === 0) throw refuse(riderMessages.photoNotPicture);
  if (input.length > PROOF_PHOTO_MAX_BYTES) throw refuse(riderMessages.photoTooLarge);
  const sharp = await loadSharp();
  let format: string | undefined;
  let pixels = 0;
  try {
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw refuse(riderMessages.photoNotPicture);
  }
  if (!format || !['jpeg', 'png', 'webp'].includes(format) || pixels === 0) {
    throw refuse(riderMessages.photoNotPicture);
  }
  if (pixels > MAX_UPLOAD_PIXELS) throw refuse(riderMessages.photoTooLarge);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({
        width: PROOF_PHOTO_WIDTH,
        height: PROOF_PHOTO_WIDTH,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 78, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw refuse(riderMessages.photoNotPicture);
  }
}
