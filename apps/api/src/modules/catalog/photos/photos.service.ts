import {
  type AdminProductImage,
  MAX_PHOTOS_PER_PRODUCT,
  productImagesMessages,
} from '@shop/contract/product-images';
import type { Database } from '../../../db/client';
import { AppError, invalidInput, notFound } from '../../../errors';
import { type AuditActor, recordAudit } from '../../audit/audit';
import {
  displayName,
  PhotoRejection,
  type ProcessedPhoto,
  processPhoto,
  type UploadedFile,
} from './photo-processing';
import {
  countProductPhotos,
  deleteImage,
  findImage,
  insertPhoto,
  listProductPhotos,
  productExists,
  setOrder,
  toAdminImage,
  updateAlt,
} from './photos.repository';

const NOT_FOUND_PRODUCT = 'The product';
const NOT_FOUND_IMAGE = 'The image';

/** Turns the refused files into one answer: the status of the first, every file named. */
export function rejectionError(rejections: Array<{ index: number; rejection: PhotoRejection }>): AppError {
  const first = rejections[0]!.rejection;
  const message =
    rejections.length === 1
      ? `${first.filename} ${first.reason}. Nothing was uploaded.`
      : `${rejections.length} files were refused. Nothing was uploaded.`;
  return new AppError(
    first.status,
    message,
    rejections.map(({ index, rejection }) => rejection.toField(index)),
  );
}

export function createPhotosService(db: Database) {
  async function list(productId: number): Promise<AdminProductImage[]> {
    if (!(await productExists(db, productId))) throw notFound(NOT_FOUND_PRODUCT);
    return (await listProductPhotos(db, productId)).map(toAdminImage);
  }

  return {
    list,

    /**
     * Every file is checked and converted first; one refused file refuses the whole upload
     * (nothing is stored), else all are added in one transaction, each with its audit entry.
     */
    async upload(
      productId: number,
      files: UploadedFile[],
      alt: string | undefined,
      actor: AuditActor,
    ): Promise<AdminProductImage[]> {
      const product = await productExists(db, productId);
      if (!product) throw notFound(NOT_FOUND_PRODUCT);
      if (files.length === 0)
        throw invalidInput([{ field: 'files', message: productImagesMessages.noFiles }]);
      if ((await countProductPhotos(db, productId)) + files.length > MAX_PHOTOS_PER_PRODUCT)
        throw invalidInput([{ field: 'files', message: productImagesMessages.tooManyPhotos }]);

      const processed: ProcessedPhoto[] = [];
      const rejections: Array<{ index: number; rejection: PhotoRejection }> = [];
      // One at a time: the memory of one decoded picture at most.
      for (const [index, file] of files.entries()) {
        try {
          processed.push(await processPhoto(file));
        } catch (error) {
          if (!(error instanceof PhotoRejection)) throw error;
          rejections.push({ index, rejection: error });
        }
      }
      if (rejections.length > 0) throw rejectionError(rejections);

      const altText = alt?.trim() || product.name;
      await db.transaction(async (tx) => {
        // The product row is locked so that concurrent uploads count and order one after the other.
        await productExists(tx, productId, true);
        if ((await countProductPhotos(tx, productId)) + processed.length > MAX_PHOTOS_PER_PRODUCT)
          throw invalidInput([{ field: 'files', message: productImagesMessages.tooManyPhotos }]);
        for (const [index, photo] of processed.entries()) {
          const row = await insertPhoto(tx, productId, photo, altText);
          await recordAudit(tx, actor, {
            kind: 'image.upload',
            subjectType: 'product',
            subjectId: productId,
            summary: `Photo added: ${displayName(files[index]!.filename)} (${row.width}×${row.height})`,
            before: null,
            after: { image_id: row.id, url: row.url, alt: row.alt, sort_order: row.sort_order },
          });
        }
      });
      return list(productId);
    },

    async updateAlt(imageId: number, alt: string, actor: AuditActor): Promise<AdminProductImage> {
      return db.transaction(async (tx) => {
        const image = await findImage(tx, imageId, true);
        if (!image) throw notFound(NOT_FOUND_IMAGE);
        const updated = await updateAlt(tx, imageId, alt);
        if (image.alt !== updated.alt) {
          await recordAudit(tx, actor, {
            kind: 'image.update',
            subjectType: 'product',
            subjectId: image.product_id,
            summary: `Alt text of a photo: "${image.alt}" → "${updated.alt}"`,
            before: { image_id: image.id, alt: image.alt },
            after: { image_id: image.id, alt: updated.alt },
          });
        }
        return toAdminImage(updated);
      });
    },

    async reorder(productId: number, ids: number[], actor: AuditActor): Promise<AdminProductImage[]> {
      await db.transaction(async (tx) => {
        if (!(await productExists(tx, productId, true))) throw notFound(NOT_FOUND_PRODUCT);
        const current = await listProductPhotos(tx, productId);
        const known = new Set(current.map((image) => image.id));
        if (
          ids.length !== known.size ||
          new Set(ids).size !== ids.length ||
          !ids.every((id) => known.has(id))
        )
          throw invalidInput([{ field: 'ids', message: productImagesMessages.orderMismatch }]);
        const before = current.map((image) => image.id);
        if (before.every((id, index) => id === ids[index])) return;
        await setOrder(tx, productId, ids);
        await recordAudit(tx, actor, {
          kind: 'image.reorder',
          subjectType: 'product',
          subjectId: productId,
          summary: 'Photos reordered',
          before: { ids: before },
          after: { ids },
        });
      });
      return list(productId);
    },

    async remove(imageId: number, actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const image = await findImage(tx, imageId, true);
        if (!image) throw notFound(NOT_FOUND_IMAGE);
        await deleteImage(tx, image);
        await recordAudit(tx, actor, {
          kind: 'image.remove',
          subjectType: 'product',
          subjectId: image.product_id,
          summary: `Photo removed: "${image.alt}"`,
          before: { image_id: image.id, url: image.url, alt: image.alt, sort_order: image.sort_order },
          after: null,
        });
      });
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
