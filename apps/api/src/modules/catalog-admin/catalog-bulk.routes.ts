import { Readable } from 'node:stream';
import {
  adminCategoryListSchema,
  adminCategoryParamsSchema,
  adminCategorySchema,
  CATALOG_IMPORT_MAX_BYTES,
  catalogExportQuerySchema,
  catalogImportParamsSchema,
  catalogImportQuerySchema,
  catalogImportRowListSchema,
  catalogImportRowQuerySchema,
  catalogImportSchema,
  categoryOrderRequestSchema,
  createCategoryRequestSchema,
  updateCategoryRequestSchema,
} from '@shop/contract/categories-admin';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_FORMULA_NOTE } from '../../lib/csv';
import { currentAuth, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  categoryList,
  changeCategory,
  createCategory,
  removeCategory,
  reorderCategories,
} from './categories.service';
import { exportCatalog } from './export';
import { createImport, findImport, importReport, importRows, startApply } from './imports.service';

const errors = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Staff only'),
};
const notFound = { 404: errorEnvelopeSchema.describe('No such category or import') };
const invalid = {
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};

const CATEGORIES = '/admin/catalog/categories/';
const IMPORTS = '/admin/catalog/imports/';

/**
 * The back office's catalog: categories, and the catalog in and out as CSV. Staff and admins
 * only (one guard for the whole scope). Every change is audited and reaches every instance's
 * storefront at once (the catalog tables NOTIFY catalog_changed).
 */
const catalogBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  // At the request's start, before its body (up to many megabytes) is read: a visitor's or
  // customer's upload is refused without being received.
  app.addHook('onRequest', requireStaff);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // The CSV is the body as it is (the browser sends the file): text/csv, or plain text.
  for (const type of ['text/csv', 'text/plain', 'application/vnd.ms-excel']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: CATALOG_IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
  }

  const actor = (request: Parameters<typeof currentAuth>[0]) => actorOf(currentAuth(request).user);

  // Categories -------------------------------------------------------------------------------

  app.get(
    CATEGORIES,
    {
      schema: {
        tags: ['admin'],
        summary: 'Every category with its product counts, hidden ones too (staff)',
        security: [{ bearer: [] }],
        response: { 200: adminCategoryListSchema, ...errors },
      },
    },
    async () => categoryList(app.db),
  );

  app.post(
    CATEGORIES,
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a category (staff)',
        description: 'The slug is made from the name when left empty. New categories go last.',
        security: [{ bearer: [] }],
        body: createCategoryRequestSchema,
        response: {
          201: adminCategorySchema,
          ...errors,
          409: errorEnvelopeSchema.describe('The slug is taken'),
          ...invalid,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCategory(app.db, actor(request), request.body)),
  );

  app.put(
    `${CATEGORIES}order/`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Reorder the categories (staff)',
        description: 'Give the ids in their new order; categories left out keep their order after them.',
        security: [{ bearer: [] }],
        body: categoryOrderRequestSchema,
        response: { 200: adminCategoryListSchema, ...errors, ...invalid },
      },
    },
    async (request) => reorderCategories(app.db, actor(request), request.body),
  );

  app.patch(
    `${CATEGORIES}:id/`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a category’s name, slug, description, image, or hide/show it (staff)',
        description: 'A hidden category and its products leave the storefront’s lists at once.',
        security: [{ bearer: [] }],
        params: adminCategoryParamsSchema,
        body: updateCategoryRequestSchema,
        response: {
          200: adminCategorySchema,
          ...errors,
          ...notFound,
          409: errorEnvelopeSchema.describe('The slug is taken'),
          ...invalid,
        },
      },
    },
    async (request) => changeCategory(app.db, actor(request), request.params.id, request.body),
  );

  app.delete(
    `${CATEGORIES}:id/`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a category with no products (staff)',
        security: [{ bearer: [] }],
        params: adminCategoryParamsSchema,
        response: {
          204: z.null().describe('Removed'),
          ...errors,
          ...notFound,
          409: errorEnvelopeSchema.describe('Products still use it: move them to another category first'),
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      await removeCategory(app.db, actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // CSV in and out -----------------------------------------------------------------------------

  app.post(
    IMPORTS,
    {
      bodyLimit: CATALOG_IMPORT_MAX_BYTES,
      schema: {
        tags: ['admin'],
        summary: 'Upload a catalog CSV and preview it (staff)',
        description:
          'The body is the file (`Content-Type: text/csv`, the `npm run import` format of ' +
          `docs/catalog-import.md, at most ${CATALOG_IMPORT_MAX_BYTES / 1024 / 1024} MB). Every row is ` +
          'checked against the catalog and the import is kept with its counts (new, updated, unchanged, ' +
          'errors) and row errors; nothing is written to the catalog until it is applied.',
        security: [{ bearer: [] }],
        querystring: catalogImportQuerySchema,
        body: z.string().describe('The CSV file'),
        response: {
          201: catalogImportSchema,
          ...errors,
          413: errorEnvelopeSchema.describe('The file is larger than the limit'),
          415: errorEnvelopeSchema.describe('Not a CSV body'),
          ...invalid,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await createImport(app.db, actor(request), {
          name: request.query.file_name ?? '',
          text: request.body,
        }),
      ),
  );

  app.get(
    `${IMPORTS}:id/`,
    {
      schema: {
        tags: ['admin'],
        summary: 'An import’s preview, status and progress (staff)',
        description: 'The import page polls this while the import is applied.',
        security: [{ bearer: [] }],
        params: catalogImportParamsSchema,
        response: { 200: catalogImportSchema, ...errors, ...notFound, ...invalid },
      },
    },
    async (request) => findImport(app.db, request.params.id),
  );

  app.get(
    `${IMPORTS}:id/rows/`,
    {
      schema: {
        tags: ['admin'],
        summary: 'An import’s rows, page by page: what each will change (staff)',
        description:
          'In file order. Each row is created, updated (with its changed fields, before → after), ' +
          'unchanged or an error; once applied, what applying did.',
        security: [{ bearer: [] }],
        params: catalogImportParamsSchema,
        querystring: catalogImportRowQuerySchema,
        response: { 200: catalogImportRowListSchema, ...errors, ...notFound, ...invalid },
      },
    },
    async (request) => importRows(app.db, request.params.id, request.query),
  );

  app.post(
    `${IMPORTS}:id/apply/`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Apply a previewed import in the background (staff)',
        description:
          'Answers 202 at once; a background job writes the rows in batches (500 rows per transaction) and ' +
          'the import’s progress moves. Refused (409) when the preview had errors or the import is already ' +
          'applying or done. A failed import may be applied again: it resumes after its last batch.',
        security: [{ bearer: [] }],
        params: catalogImportParamsSchema,
        response: {
          202: catalogImportSchema,
          ...errors,
          ...notFound,
          409: errorEnvelopeSchema.describe('Errors in the preview, or already applying or done'),
          ...invalid,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await startApply(app.db, app.jobs, actor(request), request.params.id)),
  );

  app.get(
    `${IMPORTS}:id/report.csv`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Each row’s outcome as CSV (staff)',
        description:
          'Columns: line, product_slug, sku, outcome (created, updated, unchanged or error), message, applied ' +
          '(false: the preview’s plan, not yet applied).',
        security: [{ bearer: [] }],
        produces: ['text/csv'],
        params: catalogImportParamsSchema,
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...errors, ...notFound, ...invalid },
      },
    },
    async (request, reply) => {
      await findImport(app.db, request.params.id);
      const csv = Readable.from(importReport(app.db, request.params.id)) as unknown as string;
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="catalog-import-${request.params.id}-report.csv"`,
        )
        .send(csv);
    },
  );

  app.get(
    '/admin/catalog/export.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The catalog as CSV, in the import’s format (staff)',
        description:
          'Every product, or one category’s (`category`, a slug) or those whose name, slug or SKU contains ' +
          '`q`; one row per size. Streamed page by page. Importing the file back changes nothing. ' +
          `${CSV_FORMULA_NOTE} The import takes that apostrophe off again.`,
        security: [{ bearer: [] }],
        produces: ['text/csv'],
        querystring: catalogExportQuerySchema,
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...errors, ...invalid },
      },
    },
    async (request, reply) => {
      const date = new Date().toISOString().slice(0, 10);
      const csv = Readable.from(exportCatalog(app.db, request.query)) as unknown as string;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="catalog-${date}.csv"`)
        .send(csv);
    },
  );
};

export default catalogBulkRoutes;
