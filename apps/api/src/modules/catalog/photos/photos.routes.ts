import multipart from '@fastify/multipart';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  ACCEPTED_UPLOAD_TYPES,
  adminProductImageSchema,
  adminProductImagesResponseSchema,
  imageParamsSchema,
  MAX_FILES_PER_UPLOAD,
  productImageParamsSchema,
  productImagesMessages,
  reorderProductImagesRequestSchema,
  updateProductImageRequestSchema,
  uploadProductImagesBodySchema,
} from '@shop/contract/product-images';
import type { FastifySchemaCompiler } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalidInput } from '../../../errors';
import { currentAuth, requireStaff } from '../../../plugins/auth';
import { actorOf } from '../../audit/audit';
import { displayName, type UploadedFile } from './photo-processing';
import { createPhotosService } from './photos.service';

const staffResponses = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Staff only'),
  404: errorEnvelopeSchema.describe('No such product or image'),
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};

/**
 * The multipart body is read as a stream by the handler (each file checked against the size
 * limit as it arrives), so only the path is validated up front; the body's schema is there for
 * the OpenAPI document.
 */
const streamedBodyCompiler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route as never);

/** Staff manage each product's photos (issue 16; contract: packages/contract/src/product-images.ts). */
const photosRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.IMAGE_UPLOAD_MAX_BYTES;
  // Registered here, not app-wide: only this route takes multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: maxBytes,
      files: MAX_FILES_PER_UPLOAD,
      fields: 5,
      fieldSize: 2048,
      parts: MAX_FILES_PER_UPLOAD + 5,
      headerPairs: 50,
    },
  });
  // At the request's start, before its body (up to many megabytes) is read: a visitor's or
  // customer's upload is refused without being received.
  app.addHook('onRequest', requireStaff);
  const photos = createPhotosService(app.db);
  const megabytes = `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`;

  app.get(
    '/admin/catalog/products/:id/images/',
    {
      schema: {
        tags: ['admin'],
        summary: 'A product’s photos, in order (staff)',
        security: [{ bearer: [] }],
        params: productImageParamsSchema,
        response: { 200: adminProductImagesResponseSchema, ...staffResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { images: await photos.list(request.params.id), max_file_bytes: maxBytes };
    },
  );

  app.post(
    '/admin/catalog/products/:id/images/',
    {
      validatorCompiler: streamedBodyCompiler,
      schema: {
        tags: ['admin'],
        summary: 'Upload photos of a product (staff)',
        description:
          `multipart/form-data with one or several files (at most ${MAX_FILES_PER_UPLOAD}, each at most ` +
          `IMAGE_UPLOAD_MAX_BYTES, ${megabytes} by default): ${ACCEPTED_UPLOAD_TYPES.join(', ')}, the real ` +
          'type read from the content. Each is turned upright, stripped of metadata, resized and encoded ' +
          'as AVIF, WebP and JPEG. One refused file refuses the upload: nothing is stored, and each ' +
          'refused file is named with the reason (413 too large, 415 not a picture type we take, 422 ' +
          'not the picture it claims to be or too many pixels).',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        params: productImageParamsSchema,
        body: uploadProductImagesBodySchema,
        response: {
          201: adminProductImagesResponseSchema,
          ...staffResponses,
          413: errorEnvelopeSchema.describe('A file is larger than the limit'),
          415: errorEnvelopeSchema.describe('Not multipart, or a file is not JPEG, PNG, WebP or AVIF'),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send the photos as multipart/form-data.');
      const files: UploadedFile[] = [];
      let alt: string | undefined;
      let current: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            current = part.filename;
            files.push({ filename: part.filename, mimetype: part.mimetype, bytes: await part.toBuffer() });
            current = undefined;
          } else if (part.fieldname === 'alt' && typeof part.value === 'string') {
            alt = z.string().max(250).safeParse(part.value).data;
          }
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          const field = `files.${files.length}`;
          const message = `${displayName(current)} is larger than ${megabytes}`;
          throw new AppError('payload_too_large', `${message}. Nothing was uploaded.`, [{ field, message }]);
        }
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw new AppError('payload_too_large', productImagesMessages.tooManyFiles);
        throw error;
      }
      if (files.length === 0)
        throw invalidInput([{ field: 'files', message: productImagesMessages.noFiles }]);
      const images = await photos.upload(request.params.id, files, alt, actorOf(currentAuth(request).user));
      return reply.code(201).send({ images, max_file_bytes: maxBytes });
    },
  );

  app.patch(
    '/admin/catalog/images/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a photo’s alt text (staff)',
        security: [{ bearer: [] }],
        params: imageParamsSchema,
        body: updateProductImageRequestSchema,
        response: { 200: adminProductImageSchema, ...staffResponses },
      },
    },
    async (request) =>
      photos.updateAlt(request.params.id, request.body.alt, actorOf(currentAuth(request).user)),
  );

  app.put(
    '/admin/catalog/products/:id/images/order/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Put a product’s photos in a new order (staff)',
        security: [{ bearer: [] }],
        params: productImageParamsSchema,
        body: reorderProductImagesRequestSchema,
        response: { 200: adminProductImagesResponseSchema, ...staffResponses },
      },
    },
    async (request) => ({
      images: await photos.reorder(request.params.id, request.body.ids, actorOf(currentAuth(request).user)),
      max_file_bytes: maxBytes,
    }),
  );

  app.delete(
    '/admin/catalog/images/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a photo (staff)',
        description: 'The photo’s files go too when no other product uses them.',
        security: [{ bearer: [] }],
        params: imageParamsSchema,
        response: { 204: z.null().describe('Removed'), ...staffResponses },
      },
    },
    async (request, reply) => {
      await photos.remove(request.params.id, actorOf(currentAuth(request).user));
      return reply.code(204).send(null);
    },
  );
};

export default photosRoutes;
