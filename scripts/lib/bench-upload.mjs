// A staff upload of one 4000×3000 JPEG (a 12-megapixel phone photo), for `npm run bench`: the
// time each upload takes (checked, turned upright, resized to every width and encoded as AVIF,
// WebP and JPEG, stored) and the API's peak resident memory meanwhile. A separate step from the
// routes: one upload at a time, as staff do, not autocannon's concurrent load.
import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { call, signInStaff } from './bench-client.mjs';

export const PHOTO_UPLOAD = 'photo_upload';
const WIDTH = 4000;
const HEIGHT = 3000;
const UPLOADS = 3;

/**
 * A photo-like JPEG made here and now: smooth gradients with a little grain (pure noise would be
 * a worst case no camera makes), different for each `seed` so that no upload reuses a stored set.
 * @param {number} seed
 */
async function makePhoto(seed) {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = seed * 2_654_435_761;
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      const grain = (state >>> 24) / 32 - 4;
      const offset = (y * WIDTH + x) * 3;
      raw[offset] = 110 + 90 * Math.sin((x + seed * 97) / 600) + grain;
      raw[offset + 1] = 60 + 50 * Math.cos(y / 450) + grain;
      raw[offset + 2] = 70 + 40 * Math.sin((x + y) / 800) + grain;
    }
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** @param {number} pid */
function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return null;
  }
}

/**
 * @param {{ baseUrl: string, dataDir: string, serverPid: number, log: (message: string) => void }} context
 */
export async function measurePhotoUpload({ baseUrl, dataDir, serverPid, log }) {
  const token = await signInStaff(baseUrl, dataDir, 'Bench Staff');
  const list = await call(baseUrl, 'GET', '/api/v1/products/products/?page_size=1');
  const productId = list.results[0].id;
  const url = new URL(`/api/v1/admin/catalog/products/${productId}/images/`, baseUrl);

  log(`${PHOTO_UPLOAD}: ${UPLOADS} uploads of a ${WIDTH}×${HEIGHT} JPEG, one at a time`);
  const rssBefore = rssMb(serverPid);
  /** @type {Array<{ ms: number, inputBytes: number, peakRssMb: number }>} */
  const uploads = [];
  /** @type {any[]} */
  const added = [];
  for (let index = 0; index < UPLOADS; index += 1) {
    const photo = await makePhoto(index + 1 + Number(crypto.randomInt(1000)));
    const form = new FormData();
    form.append('files', new Blob([photo], { type: 'image/jpeg' }), `bench-${index}.jpg`);
    let peak = rssMb(serverPid) ?? 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(serverPid) ?? 0);
    }, 25);
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { origin: baseUrl, authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(120_000),
    });
    const body = /** @type {any} */ (await response.json());
    const ms = performance.now() - started;
    clearInterval(sampler);
    if (response.status !== 201)
      throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
    added.push(body.images.at(-1));
    uploads.push({ ms: Math.round(ms), inputBytes: photo.length, peakRssMb: Math.round(peak) });
  }
  // The product goes back as it was (a kept --data-dir is reused by later runs).
  for (const image of added)
    await call(baseUrl, 'DELETE', `/api/v1/admin/catalog/images/${image.id}/`, { token });

  const times = uploads.map((upload) => upload.ms).sort((a, b) => a - b);
  const last = added.at(-1);
  const report = {
    name: PHOTO_UPLOAD,
    image: `${WIDTH}×${HEIGHT} JPEG`,
    inputMb: Number(((uploads[0]?.inputBytes ?? 0) / 1024 / 1024).toFixed(2)),
    uploads: uploads.length,
    msEach: uploads.map((upload) => upload.ms),
    medianMs: times[Math.floor(times.length / 2)],
    maxMs: times.at(-1),
    serverRssBeforeMb: rssBefore === null ? null : Math.round(rssBefore),
    serverPeakRssMb: rssBefore === null ? null : Math.max(...uploads.map((upload) => upload.peakRssMb)),
    stored: last?.picture
      ? `${last.picture.width}×${last.picture.height}, widths ${last.picture.jpeg.match(/\d+w/g).join(' ')}`
      : null,
  };
  log(
    `${PHOTO_UPLOAD}: ${report.image} (${report.inputMb} MB): median ${report.medianMs} ms, max ${report.maxMs} ms; ` +
      `server RSS ${report.serverRssBeforeMb ?? '-'} MB before, peak ${report.serverPeakRssMb ?? '-'} MB`,
  );
  return report;
}
