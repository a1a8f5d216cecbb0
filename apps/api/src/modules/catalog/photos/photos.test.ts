import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { productDetailSchema } from '@shop/contract/catalog';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  adminProductImageSchema,
  adminProductImagesResponseSchema,
  PICTURE_SIZES,
  responsivePicture,
} from '@shop/contract/product-images';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Customer,
  secondInstance,
  signedInCustomer,
  staffMember,
  stockedProduct,
} from '../../../../test/fixtures/orders';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { renderPage } from '../../../plugins/web-app';
import type { TestBrowser } from '../../identity/testing';
import { productPageBoot } from '../catalog-pages';

const ADMIN = '/api/v1/admin/catalog';
const imagesOf = (productId: number) => `${ADMIN}/products/${productId}/images/`;
/** Small enough for the tests' photos, small enough to exceed with a noisy one. */
const MAX_BYTES = 300_000;

type Part = { filename: string; type: string; bytes: Buffer; field?: string };

/** A multipart/form-data body, as a browser's FormData sends it. */
function multipart(parts: Part[], fields: Record<string, string> = {}) {
  const boundary = `----shop-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files'}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(client: TestBrowser, productId: number, parts: Part[], fields?: Record<string, string>) {
  const body = multipart(parts, fields);
  return client.request({
    method: 'POST',
    url: imagesOf(productId),
    payload: body.payload,
    headers: body.headers,
  });
}

/**
 * A 1200×800 JPEG, red on its left half and blue on its right, stored sideways (EXIF orientation
 * 6: turn 90° clockwise to show), with a camera make and a GPS position in its EXIF.
 */
async function sidewaysJpegWithGps(): Promise<Buffer> {
  const width = 1200;
  const height = 800;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      if (x < width / 2) raw[offset] = 220;
      else raw[offset + 2] = 220;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'SecretCam', Copyright: 'Owner at home' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '0/1 20/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '32/1 35/1 0/1',
      },
    })
    .toBuffer();
}

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7a1f2b' } })
    .png()
    .toBuffer();

async function counts(harness: TestApp) {
  const result = await harness.database.pool.query<{ sets: number; files: number; images: number }>(`
    SELECT (SELECT count(*)::int FROM media_sets) AS sets, (SELECT count(*)::int FROM media_files) AS files,
           (SELECT count(*)::int FROM product_images WHERE media_hash IS NOT NULL) AS images`);
  return result.rows[0]!;
}

async function auditKinds(harness: TestApp, productId: number): Promise<string[]> {
  const result = await harness.database.pool.query<{ kind: string }>(
    `SELECT kind FROM audit_entries WHERE subject_type = 'product' AND subject_id = $1 ORDER BY id`,
    [String(productId)],
  );
  return result.rows.map((row) => row.kind);
}

let harness: TestApp;
let staff: Customer;
let customer: Customer;
let photo: Buffer;
beforeAll(async () => {
  harness = await createTestApp({
    AUTH_TEST_FAST_HASHING: 'true',
    IMAGE_UPLOAD_MAX_BYTES: String(MAX_BYTES),
  });
  staff = await staffMember(harness.app);
  customer = await signedInCustomer(harness.app);
  photo = await sidewaysJpegWithGps();
}, 60_000);
afterAll(() => harness?.close());

describe('uploading product photos', () => {
  it('normalises a photo: upright, no EXIF or GPS, every width in AVIF, WebP and JPEG, served immutable', async () => {
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.toString('latin1')).toContain('SecretCam');

    const product = await stockedProduct(harness.database.pool, { name: 'Château Photo' });
    const response = await upload(staff.client, product.id, [
      { filename: 'cellar.jpg', type: 'image/jpeg', bytes: photo },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { images } = adminProductImagesResponseSchema.parse(response.json());
    expect(images).toHaveLength(1);
    const image = images[0]!;
    // Turned upright: 800 wide and 1200 high; never enlarged past its own width.
    expect(image.picture).toMatchObject({ width: 800, height: 1200 });
    expect(image.alt).toBe('Château Photo');
    const urls = (srcset: string) => srcset.split(', ').map((entry) => entry.split(' ')[0]!);
    expect(image.picture!.jpeg.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
      '320w',
      '640w',
      '800w',
    ]);

    const files = await harness.database.pool.query<{ width: number; format: string }>(
      'SELECT width, format FROM media_files ORDER BY width, format',
    );
    expect(files.rows.map((row) => `${row.width}.${row.format}`)).toEqual(
      [320, 640, 800].flatMap((width) => ['avif', 'jpg', 'webp'].map((format) => `${width}.${format}`)),
    );

    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      for (const url of urls(image.picture![format])) {
        const served = await harness.app.inject({ method: 'GET', url });
        expect(served.statusCode, url).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.exif, `${url} keeps no EXIF`).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
        expect(served.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
      }
    }

    // The red half (the left of the sideways file) is now on top.
    const largest = await harness.app.inject({ method: 'GET', url: image.url });
    const { data, info } = await sharp(largest.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    expect([info.width, info.height]).toEqual([800, 1200]);
    const [topRed, , topBlue] = pixel(400, 100);
    const [bottomRed, , bottomBlue] = pixel(400, 1100);
    expect(topRed).toBeGreaterThan(150);
    expect(topBlue).toBeLessThan(80);
    expect(bottomBlue).toBeGreaterThan(150);
    expect(bottomRed).toBeLessThan(80);

    const etag = largest.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}-800\.jpg"$/);
    const again = await harness.app.inject({
      method: 'GET',
      url: image.url,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const unknown = await harness.app.inject({ method: 'GET', url: `/media/p/${'0'.repeat(32)}-320.avif` });
    expect(unknown.statusCode).toBe(404);

    // The storefront shows the photo instead of the drawings, with its srcsets.
    const detail = productDetailSchema.parse(
      (await harness.app.inject({ method: 'GET', url: `/api/v1/products/products/${product.id}/` })).json(),
    );
    expect(detail.images).toEqual([{ url: image.url, alt: 'Château Photo', picture: image.picture }]);
    expect(detail.image).toBe(image.url);
    expect(detail.picture).toEqual(image.picture);

    expect(await auditKinds(harness, product.id)).toEqual(['image.upload']);
  });

  it('takes several files at once, each at its place, and a PNG, WebP and AVIF alike', async () => {
    const product = await stockedProduct(harness.database.pool);
    const png = await pngOf(2000, 1500);
    const webp = await sharp(png).webp().toBuffer();
    const avif = await sharp(await pngOf(400, 300))
      .avif()
      .toBuffer();
    const response = await upload(
      staff.client,
      product.id,
      [
        { filename: 'label.png', type: 'image/png', bytes: png },
        { filename: 'shelf.webp', type: 'image/webp', bytes: webp },
        { filename: 'glass.avif', type: 'image/avif', bytes: avif },
      ],
      { alt: 'The bottle on the shelf' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { images } = adminProductImagesResponseSchema.parse(response.json());
    expect(images.map((image) => [image.picture?.width, image.picture?.height, image.alt])).toEqual([
      [1600, 1200, 'The bottle on the shelf'],
      [1600, 1200, 'The bottle on the shelf'],
      [400, 300, 'The bottle on the shelf'],
    ]);
    expect(images[0]!.picture!.avif.split(', ')).toHaveLength(4);
    // The same picture twice (PNG and its WebP differ in bytes, so two sets).
    expect(new Set(images.map((image) => image.url)).size).toBe(3);
  });

  describe('refuses a bad upload with a 4xx naming the file, and stores nothing', () => {
    let productId: number;
    beforeAll(async () => {
      productId = (await stockedProduct(harness.database.pool)).id;
    });

    const refused = async (parts: Part[], status: number, message: RegExp) => {
      const before = await counts(harness);
      const response = await upload(staff.client, productId, parts);
      expect(response.statusCode, response.body).toBe(status);
      const error = errorEnvelopeSchema.parse(response.json()).error;
      expect(`${error.message} ${(error.fields ?? []).map((field) => field.message).join(' ')}`).toMatch(
        message,
      );
      expect(await counts(harness)).toEqual(before);
      return error;
    };

    it('a type we do not take (GIF)', async () => {
      const gif = await sharp(await pngOf(50, 50))
        .gif()
        .toBuffer();
      await refused(
        [{ filename: 'anim.gif', type: 'image/gif', bytes: gif }],
        415,
        /"anim\.gif" is not a JPEG, PNG, WebP or AVIF/,
      );
    });

    it('a file that is not a picture at all, named like one', async () => {
      const text = Buffer.from('Just some notes about the wine, not a picture.');
      await refused(
        [{ filename: 'notes.jpg', type: 'image/jpeg', bytes: text }],
        422,
        /"notes\.jpg" is not a picture we can read/,
      );
    });

    it('a picture that is not the type it claims (a PNG named .jpg)', async () => {
      const png = await pngOf(100, 100);
      await refused(
        [{ filename: 'fake.jpg', type: 'image/jpeg', bytes: png }],
        422,
        /"fake\.jpg" claims to be a JPEG picture but is a PNG/,
      );
      await refused(
        [{ filename: 'fake.webp', type: 'application/octet-stream', bytes: png }],
        422,
        /"fake\.webp" claims to be a WebP picture but is a PNG/,
      );
    });

    it('a decompression bomb (more pixels than the limit, few bytes)', async () => {
      const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(MAX_BYTES);
      await refused(
        [{ filename: 'bomb.png', type: 'image/png', bytes: bomb }],
        422,
        /"bomb\.png" is 8000×6000 pixels.*megapixels/,
      );
    }, 30_000);

    it('a file over the size limit', async () => {
      const noise = crypto.randomBytes(600 * 600 * 3);
      const big = await sharp(noise, { raw: { width: 600, height: 600, channels: 3 } })
        .png()
        .toBuffer();
      expect(big.length).toBeGreaterThan(MAX_BYTES);
      const error = await refused(
        [{ filename: 'huge.png', type: 'image/png', bytes: big }],
        413,
        /"huge\.png" is larger than 0\.3 MB/,
      );
      expect(error.fields?.[0]?.field).toBe('files.0');
    });

    it('every file of an upload when one is bad, naming that one', async () => {
      const error = await refused(
        [
          { filename: 'good.jpg', type: 'image/jpeg', bytes: photo },
          { filename: 'bad.jpg', type: 'image/jpeg', bytes: Buffer.from('nope') },
        ],
        422,
        /"bad\.jpg" is not a picture we can read/,
      );
      expect(error.fields?.map((field) => field.field)).toEqual(['files.1']);
    });

    it('a body without files, or not multipart', async () => {
      await refused([], 422, /Choose at least one photo/);
      const json = await staff.client.post(imagesOf(productId), { files: [] });
      expect(json.statusCode).toBe(415);
    });
  });
});

describe('managing a product’s photos', () => {
  it('changes the alt text (required, bounded), the order, and removes a photo with its files', async () => {
    const product = await stockedProduct(harness.database.pool);
    const other = await stockedProduct(harness.database.pool);
    const first = await upload(staff.client, product.id, [
      { filename: 'a.png', type: 'image/png', bytes: await pngOf(300, 200) },
      { filename: 'b.png', type: 'image/png', bytes: await pngOf(310, 200) },
    ]);
    const [a, b] = adminProductImagesResponseSchema.parse(first.json()).images;
    // The same file on another product shares the stored set.
    await upload(staff.client, other.id, [
      { filename: 'b.png', type: 'image/png', bytes: await pngOf(310, 200) },
    ]);

    const blank = await staff.client.patch(`${ADMIN}/images/${a!.id}/`, { alt: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(blank.json()).error.fields?.[0]?.field).toBe('alt');
    const long = await staff.client.patch(`${ADMIN}/images/${a!.id}/`, { alt: 'x'.repeat(251) });
    expect(long.statusCode).toBe(422);
    const renamed = await staff.client.patch(`${ADMIN}/images/${a!.id}/`, {
      alt: ' Label of the 2015 vintage ',
    });
    expect(renamed.statusCode).toBe(200);
    expect(adminProductImageSchema.parse(renamed.json()).alt).toBe('Label of the 2015 vintage');
    expect((await staff.client.patch(`${ADMIN}/images/999999/`, { alt: 'x' })).statusCode).toBe(404);

    const order = (ids: number[]) =>
      staff.client.request({ method: 'PUT', url: `${imagesOf(product.id)}order/`, payload: { ids } });
    expect((await order([b!.id])).statusCode).toBe(422);
    expect((await order([b!.id, b!.id])).statusCode).toBe(422);
    const reordered = await order([b!.id, a!.id]);
    expect(reordered.statusCode).toBe(200);
    expect(adminProductImagesResponseSchema.parse(reordered.json()).images.map((image) => image.id)).toEqual([
      b!.id,
      a!.id,
    ]);
    const listed = adminProductImagesResponseSchema.parse(
      (await staff.client.get(imagesOf(product.id))).json(),
    );
    expect(listed.images.map((image) => image.id)).toEqual([b!.id, a!.id]);
    // The limit staff are told before they choose files: the setting's.
    expect(listed.max_file_bytes).toBe(MAX_BYTES);

    const before = await counts(harness);
    const removeB = await staff.client.request({ method: 'DELETE', url: `${ADMIN}/images/${b!.id}/` });
    expect(removeB.statusCode).toBe(204);
    // b's files stay: the other product uses them.
    expect((await harness.app.inject({ method: 'GET', url: b!.url })).statusCode).toBe(200);
    const removeA = await staff.client.request({ method: 'DELETE', url: `${ADMIN}/images/${a!.id}/` });
    expect(removeA.statusCode).toBe(204);
    const after = await counts(harness);
    expect(after.images).toBe(before.images - 2);
    expect(after.sets).toBe(before.sets - 1);
    expect((await harness.app.inject({ method: 'GET', url: a!.url })).statusCode).toBe(404);
    expect(
      (await staff.client.request({ method: 'DELETE', url: `${ADMIN}/images/${a!.id}/` })).statusCode,
    ).toBe(404);

    // Without photos the product shows its drawings again.
    const detail = productDetailSchema.parse(
      (await harness.app.inject({ method: 'GET', url: `/api/v1/products/products/${product.id}/` })).json(),
    );
    expect(detail.picture ?? null).toBeNull();

    expect(await auditKinds(harness, product.id)).toEqual([
      'image.upload',
      'image.upload',
      'image.update',
      'image.reorder',
      'image.remove',
      'image.remove',
    ]);
  });

  it('refuses a visitor (401) and a customer (403) on every endpoint', async () => {
    const product = await stockedProduct(harness.database.pool);
    const stored = await upload(staff.client, product.id, [
      { filename: 'a.png', type: 'image/png', bytes: await pngOf(120, 100) },
    ]);
    const imageId = adminProductImagesResponseSchema.parse(stored.json()).images[0]!.id;
    const body = multipart([{ filename: 'a.png', type: 'image/png', bytes: await pngOf(120, 100) }]);
    const calls = [
      { method: 'GET', url: imagesOf(product.id) },
      { method: 'POST', url: imagesOf(product.id), payload: body.payload, headers: body.headers },
      { method: 'PATCH', url: `${ADMIN}/images/${imageId}/`, payload: { alt: 'Changed' } },
      { method: 'PUT', url: `${imagesOf(product.id)}order/`, payload: { ids: [imageId] } },
      { method: 'DELETE', url: `${ADMIN}/images/${imageId}/` },
    ] as const;
    for (const call of calls) {
      const visitor = await harness.app.inject({
        ...call,
        headers: { ...('headers' in call ? call.headers : {}) },
      });
      expect(visitor.statusCode, `${call.method} ${call.url} as a visitor`).toBe(401);
      const asCustomer = await customer.client.request({ ...call });
      expect(asCustomer.statusCode, `${call.method} ${call.url} as a customer`).toBe(403);
    }
    // Nothing changed: the photo is still there, with its alt text.
    const still = await harness.database.pool.query('SELECT alt FROM product_images WHERE id = $1', [
      imageId,
    ]);
    expect(still.rows).toEqual([{ alt: product.name }]);
    expect(await auditKinds(harness, product.id)).toEqual(['image.upload']);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/admin/catalog/products/{id}/images/',
        '/api/v1/admin/catalog/products/{id}/images/order/',
        '/api/v1/admin/catalog/images/{id}/',
      ]),
    );
    const post = document.paths['/api/v1/admin/catalog/products/{id}/images/'].post;
    expect(Object.keys(post.requestBody.content)).toEqual(['multipart/form-data']);
  });
});

describe('the first screen of a product page with a photo', () => {
  it('preloads the AVIF file its <picture> picks (imagesrcset at the gallery’s sizes), not the JPEG', () => {
    const picture = responsivePicture({
      hash: 'b'.repeat(32),
      width: 1600,
      height: 1200,
      widths: [320, 640, 1024, 1600],
    });
    const detail = {
      images: [{ url: `/media/p/${'b'.repeat(32)}-1600.jpg`, alt: 'x', picture }],
      image: null,
    };
    const boot = productPageBoot('7', { value: detail as never, body: '{}' });
    expect(boot.preloadPicture).toEqual({ srcset: picture.avif, sizes: PICTURE_SIZES.gallery });
    const html = renderPage('<html><head></head><body></body></html>', { boot });
    expect(html).toContain(`<link rel="preload" as="image" type="image/avif" imagesrcset="${picture.avif}"`);
    expect(html).not.toContain('-1600.jpg');
  });
});

describe('photos behind several instances (issue 23)', () => {
  it('an upload to one instance is served by another, and leaves no file on either one’s disk', async () => {
    const otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-photos-other-'));
    const other = await secondInstance(harness, { config: { dataDir: otherDataDir } });
    try {
      const filesBefore = filesUnder(harness.dataDir);
      const product = await stockedProduct(harness.database.pool, { name: 'Shared Photo' });
      const response = await upload(staff.client, product.id, [
        { filename: 'cellar.jpg', type: 'image/jpeg', bytes: photo },
      ]);
      expect(response.statusCode, response.body).toBe(201);
      const url = adminProductImagesResponseSchema
        .parse(response.json())
        .images[0]!.picture!.jpeg.split(', ')[0]!
        .split(' ')[0]!;
      const here = await harness.app.inject({ method: 'GET', url });
      const there = await other.app.inject({ method: 'GET', url });
      expect(there.statusCode).toBe(200);
      expect(there.headers['content-type']).toBe('image/jpeg');
      expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
      // The photo is rows of the database: neither instance wrote a file for it. The other
      // instance's directory holds only the secrets it generated at its start (none are set here).
      expect(filesUnder(harness.dataDir)).toEqual(filesBefore);
      expect(filesUnder(otherDataDir)).toEqual(['secrets.json']);
    } finally {
      await other.close();
      fs.rmSync(otherDataDir, { recursive: true, force: true });
    }
  });
});

/** Every file under `dir`, relative to it, sorted. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
