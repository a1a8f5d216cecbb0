import { Readable } from 'node:stream';
import {
  dashboardQuerySchema,
  dashboardSchema,
  invoiceExportQuerySchema,
  orderExportQuerySchema,
} from '@shop/contract/dashboard';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { kampalaIsoDate } from '@shop/contract/kampala-time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../plugins/auth';
import { getDashboard } from './dashboard.service';
import { invoicesCsv, ordersCsv } from './exports';

const denied = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Staff only'),
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};

const csvResponse = (what: string) => ({
  200: {
    description: what,
    content: { 'text/csv': { schema: z.string().describe('CSV, UTF-8, a header line first') } },
  },
  ...denied,
});

/** The file's name says what it holds: `orders-2026-11-01-to-2026-11-27.csv`. */
const fileName = (what: string, query: { date_from?: string | undefined; date_to?: string | undefined }) =>
  `${what}-${query.date_from ?? 'start'}-to-${query.date_to ?? kampalaIsoDate(new Date())}.csv`;

/** The day's figures and the accountant's exports (staff and admins). */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireStaff);
  const common = { tags: ['staff'], security: [{ bearer: [] }] };

  app.get(
    '/admin/dashboard/',
    {
      schema: {
        ...common,
        summary:
          'The day’s figures: revenue net of refunds, orders, customers, charts and pending work (staff)',
        description:
          'Today, the last 7 or the last 30 Kampala days. Every amount is summed in SQL, exact to the shilling; ' +
          'see the contract (`dashboard.ts`) for what each figure counts.',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...denied },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getDashboard(app.db, request.query.period);
    },
  );

  app.get(
    '/admin/exports/orders.csv',
    {
      schema: {
        ...common,
        summary: 'Orders as CSV for the accountant, with the order list’s filters (staff)',
        description:
          'Oldest first, streamed in batches (any number of orders). Times are Kampala time; amounts whole UGX.',
        querystring: orderExportQuerySchema,
        response: csvResponse('The orders'),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${fileName('orders', request.query)}"`)
        .type('text/csv; charset=utf-8')
        // The stream goes out as it is read (the response schema above only documents it).
        .send(Readable.from(ordersCsv(app.db, request.query)) as unknown as string),
  );

  app.get(
    '/admin/exports/invoices.csv',
    {
      schema: {
        ...common,
        summary: 'Invoices as CSV for the accountant, by the Kampala day they were issued (staff)',
        description:
          'In the order they were issued, streamed in batches. Times are Kampala time; amounts whole UGX.',
        querystring: invoiceExportQuerySchema,
        response: csvResponse('The invoices'),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${fileName('invoices', request.query)}"`)
        .type('text/csv; charset=utf-8')
        .send(Readable.from(invoicesCsv(app.db, request.query)) as unknown as string),
  );
};

export default dashboardRoutes;
