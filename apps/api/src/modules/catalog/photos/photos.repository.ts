import { type AdminProductImage, photoFileUrl, responsivePicture } from '@shop/contract/product-images';
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/transaction';
import type { ProcessedPhoto } from './photo-processing';

/** Drawn pictures (`/media/gen/…`) stand in for a product without photos; staff do not manage them. */
export const DRAWING_PATTERN = '/media/gen/%';

export type ImageRow = {
  id: number;
  product_id: number;
  url: string;
  alt: string;
  sort_order: number;
  media_hash: string | null;
  width: number | null;
  height: number | null;
  widths: number[] | null;
  created_at: Date | string;
};

const imageColumns = sql`id, product_id, url, alt, sort_order, media_hash, width, height, widths, created_at`;

export function toAdminImage(row: ImageRow): AdminProductImage {
  return {
    id: row.id,
    product_id: row.product_id,
    url: row.url,
    alt: row.alt,
    sort_order: row.sort_order,
    picture:
      row.media_hash && row.width && row.height && row.widths
        ? responsivePicture({
            hash: row.media_hash,
            width: row.width,
            height: row.height,
            widths: row.widths,
          })
        : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function productExists(
  db: Executor,
  productId: number,
  lock = false,
): Promise<{ name: string } | undefined> {
  const result = await db.execute<{ name: string }>(
    lock
      ? sql`SELECT name FROM products WHERE id = ${productId} FOR UPDATE`
      : sql`SELECT name FROM products WHERE id = ${productId}`,
  );
  return result.rows[0];
}

/** The product's photos (drawings left out), in order. */
export async function listProductPhotos(db: Executor, productId: number): Promise<ImageRow[]> {
  const result = await db.execute<ImageRow>(sql`
    SELECT ${imageColumns} FROM product_images
    WHERE product_id = ${productId} AND url NOT LIKE ${DRAWING_PATTERN}
    ORDER BY sort_order, id`);
  return result.rows;
}

export async function findImage(db: Executor, imageId: number, lock = false): Promise<ImageRow | undefined> {
  const result = await db.execute<ImageRow>(
    lock
      ? sql`SELECT ${imageColumns} FROM product_images WHERE id = ${imageId} FOR UPDATE`
      : sql`SELECT ${imageColumns} FROM product_images WHERE id = ${imageId}`,
  );
  return result.rows[0];
}

/**
 * Stores a photo's set and adds it to the product, last. The set row is upserted (which locks
 * it) before its files are written, so a removal of the same set running at once either finishes
 * first (and the set is written again here) or waits and then sees this image using it.
 */
export async function insertPhoto(
  tx: Tx,
  productId: number,
  photo: ProcessedPhoto,
  alt: string,
): Promise<ImageRow> {
  const set = await tx.execute<{ inserted: boolean }>(sql`
    INSERT INTO media_sets (hash, width, height, widths)
    VALUES (${photo.hash}, ${photo.width}, ${photo.height}, ${sql.raw(`ARRAY[${photo.widths.map(Number).join(',')}]::int[]`)})
    ON CONFLICT (hash) DO UPDATE SET hash = excluded.hash
    RETURNING (xmax = 0) AS inserted`);
  if (set.rows[0]?.inserted) {
    for (const file of photo.files) {
      await tx.execute(sql`
        INSERT INTO media_files (hash, width, format, height, content_type, byte_size, bytes)
        VALUES (${photo.hash}, ${file.width}, ${file.format}, ${file.height}, ${file.contentType},
                ${file.bytes.length}, ${file.bytes})
        ON CONFLICT DO NOTHING`);
    }
  }
  const stored = await tx.execute<{ width: number; height: number; widths: number[] }>(sql`
    SELECT width, height, widths FROM media_sets WHERE hash = ${photo.hash}`);
  const { width, height, widths } = stored.rows[0]!;
  const result = await tx.execute<ImageRow>(sql`
    INSERT INTO product_images (product_id, url, alt, sort_order, media_hash, width, height, widths)
    VALUES (
      ${productId}, ${photoFileUrl(photo.hash, width, 'jpg')}, ${alt},
      (SELECT coalesce(max(sort_order) + 1, 0) FROM product_images WHERE product_id = ${productId}),
      ${photo.hash}, ${width}, ${height}, ${sql.raw(`ARRAY[${widths.map(Number).join(',')}]::int[]`)})
    RETURNING ${imageColumns}`);
  return result.rows[0]!;
}

export async function updateAlt(tx: Tx, imageId: number, alt: string): Promise<ImageRow> {
  const result = await tx.execute<ImageRow>(sql`
    UPDATE product_images SET alt = ${alt} WHERE id = ${imageId} RETURNING ${imageColumns}`);
  return result.rows[0]!;
}

export async function setOrder(tx: Tx, productId: number, ids: number[]): Promise<void> {
  await tx.execute(sql`
    UPDATE product_images i SET sort_order = o.position
    FROM unnest(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)}) WITH ORDINALITY AS o(id, position)
    WHERE i.id = o.id AND i.product_id = ${productId}`);
}

/** Removes an image, and its set of files when no other image uses it (see insertPhoto). */
export async function deleteImage(tx: Tx, image: ImageRow): Promise<void> {
  await tx.execute(sql`DELETE FROM product_images WHERE id = ${image.id}`);
  if (!image.media_hash) return;
  await tx.execute(sql`SELECT 1 FROM media_sets WHERE hash = ${image.media_hash} FOR UPDATE`);
  await tx.execute(sql`
    DELETE FROM media_sets s WHERE s.hash = ${image.media_hash}
      AND NOT EXISTS (SELECT 1 FROM product_images i WHERE i.media_hash = s.hash)`);
}

export async function countProductPhotos(db: Executor, productId: number): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM product_images
    WHERE product_id = ${productId} AND url NOT LIKE ${DRAWING_PATTERN}`);
  return result.rows[0]?.count ?? 0;
}

export type MediaFileRow = { content_type: string; byte_size: number; bytes: Buffer };

export async function findMediaFile(
  db: Executor,
  hash: string,
  width: number,
  format: string,
): Promise<MediaFileRow | undefined> {
  const result = await db.execute<MediaFileRow>(sql`
    SELECT content_type, byte_size, bytes FROM media_files
    WHERE hash = ${hash} AND width = ${width} AND format = ${format}`);
  return result.rows[0];
}
