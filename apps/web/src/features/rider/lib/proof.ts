import type { Position } from '@shop/contract/location';
import { PROOF_PHOTO_MAX_BYTES } from '@shop/contract/rider';

/**
 * The proof of delivery on the phone (decision 0031): the camera's photo is scaled down and
 * re-encoded before it is queued, so that it fits the phone's storage and the mobile data (and
 * carries none of the camera's metadata); the server checks and re-encodes it again.
 */

/** Longest side kept on the phone: the server keeps 1280 px at most. */
const PHONE_SIDE = 1600;

export class ProofPhotoError extends Error {}

const toBase64 = async (blob: Blob): Promise<string> => {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
};

async function scaledDown(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, PHONE_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.8));
  return blob ?? file;
}

/** The photo as the proof action carries it (base64), or a ProofPhotoError saying what is wrong. */
export async function proofPhotoOf(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new ProofPhotoError('That file is not a photo');
  // A browser that cannot decode it here sends it as it is: the server decodes, checks and re-encodes.
  const blob = await scaledDown(file).catch(() => file);
  if (blob.size > PROOF_PHOTO_MAX_BYTES) throw new ProofPhotoError('The photo is too large: take it again');
  try {
    return await toBase64(blob);
  } catch {
    throw new ProofPhotoError('The photo could not be read: take it again');
  }
}

export type PositionOutcome =
  | { kind: 'found'; position: Position }
  | { kind: 'refused' }
  | { kind: 'unavailable' };

/** Asks the phone where it is, once the rider chose to share it; never throws. */
export function currentPosition(): Promise<PositionOutcome> {
  if (!('geolocation' in navigator)) return Promise.resolve({ kind: 'unavailable' });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          kind: 'found',
          position: {
            latitude: coords.latitude,
            longitude: coords.longitude,
            accuracy_m: Number.isFinite(coords.accuracy) ? Math.round(coords.accuracy) : null,
          },
        }),
      (error) => resolve({ kind: error.code === error.PERMISSION_DENIED ? 'refused' : 'unavailable' }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  });
}
