import { Readable } from 'node:stream';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { pageQuerySchema } from '@shop/contract/pagination';
import {
  creditNoteExportQuerySchema,
  creditNoteParamsSchema,
  myRefundListQuerySchema,
  myRefundListResponseSchema,
  refundDueListResponseSchema,
  refundListQuerySchema,
  refundListResponseSchema,
  refundParamsSchema,
  refundRequestSchema,
  refundResponseSchema,
  refundSchema,
  refundSubjectQuerySchema,
  refundSubjectSchema,
} from '@shop/contract/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth, requireCustomer, requireSection } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  creditNotePdf,
  exportCreditNotes,
  getMyRefunds,
  getRefund,
  getRefundDue,
  getRefundSubject,
  getRefunds,
  requestRefund,
} from './refunds.service';

const denied = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Not an admin (or staff while REFUNDS_BY_STAFF allows)'),
};
const invalid = {
  422: errorEnvelopeSchema.describe('Invalid input: each bad field is named with the reason'),
};

/**
 * Refunds that move money (docs/product.md, refunds). The back office's calls refuse visitors
 * (401), customers (403) and staff (403) unless REFUNDS_BY_STAFF lets staff refund; admins
 * always may. The customer's own refunds and credit notes sit beside their payments and invoices.
 */
export const refundsDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = app.payments;
  // One guard for the whole scope: admins, and staff when the setting allows.
  app.addHook('preValidation', requireSection('refunds', 'Refunds are made by an admin.'));

  app.post(
    '/admin/refunds/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refund (part of) a paid order, ticket or refund-due payment through its provider',
        description:
          'Writes the refund pending and asks the provider that took the payment (Flutterwave’s ' +
          '`POST /v3/transactions/{id}/refund`, or the sandbox’s own). Its answer settles it at once or later ' +
          '(webhook, poll): succeeded issues a credit note and puts `restock_lines` back in stock; failed ' +
          'refunds nothing. The same `idempotency_key` answers the same refund (`replayed`: true) and refunds ' +
          'once; the refunds of a payment never add up to more than it took (422 on `amount`). A reason is ' +
          'required.',
        security: [{ bearer: [] }],
        body: refundRequestSchema,
        response: {
          201: refundResponseSchema,
          200: refundResponseSchema.describe('The same idempotency key: the refund already asked'),
          ...denied,
          404: errorEnvelopeSchema.describe('No such payment'),
          409: errorEnvelopeSchema.describe(
            'Nothing was paid, or the idempotency key was used for another refund',
          ),
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      const result = await requestRefund(context, actorOf(currentAuth(request).user), request.body);
      reply.header('cache-control', 'no-store');
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );

  app.get(
    '/admin/refunds/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Refunds, newest first (paged; by status)',
        security: [{ bearer: [] }],
        querystring: refundListQuerySchema,
        response: { 200: refundListResponseSchema, ...denied, ...invalid },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRefunds(app.db, request.query);
    },
  );

  app.get(
    '/admin/refunds/due/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Payments to refund: paid twice, short or in the wrong currency (paged, oldest first)',
        description: 'Payments marked `refund_due` with something left to refund.',
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: refundDueListResponseSchema, ...denied, ...invalid },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRefundDue(app.db, request.query);
    },
  );

  app.get(
    '/admin/refunds/subject/',
    {
      schema: {
        tags: ['admin'],
        summary: 'An order’s or RSVP’s payments (what may still be refunded) and refunds',
        security: [{ bearer: [] }],
        querystring: refundSubjectQuerySchema,
        response: { 200: refundSubjectSchema, ...denied, ...invalid },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRefundSubject(app.db, request.query);
    },
  );

  app.get(
    '/admin/refunds/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: 'One refund and its state',
        security: [{ bearer: [] }],
        params: refundParamsSchema,
        response: { 200: refundSchema, ...denied, 404: errorEnvelopeSchema, ...invalid },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getRefund(app.db, request.params.id);
    },
  );

  app.get(
    '/admin/exports/credit-notes.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Credit notes of a range of Kampala days, as CSV for the accountant (streamed)',
        description:
          'One row per credit note in number order: number, issue time, amount, currency, refund, what it ' +
          'refunds, payment reference, provider, reason and the customer’s e-mail. Read a page at a time.',
        security: [{ bearer: [] }],
        produces: ['text/csv'],
        querystring: creditNoteExportQuerySchema,
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...denied, ...invalid },
      },
    },
    async (request, reply) => {
      const csv = Readable.from(exportCreditNotes(app.db, request.query)) as unknown as string;
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="credit-notes.csv"')
        .send(csv);
    },
  );
};

/** The customer's own refunds and credit notes (staff may fetch any credit note). */
export const refundsCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireCustomer);

  app.get(
    '/payments/refunds/my_refunds/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Your refunds, newest first (paged), with their credit notes',
        security: [{ bearer: [] }],
        querystring: myRefundListQuerySchema,
        response: { 200: myRefundListResponseSchema, 401: denied[401], ...invalid },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getMyRefunds(app.db, currentAuth(request).user.id, request.query);
    },
  );

  app.get(
    '/orders/credit-notes/:id/pdf/',
    {
      schema: {
        tags: ['invoices'],
        summary: 'A credit note as a PDF (the customer’s own; staff any)',
        security: [{ bearer: [] }],
        params: creditNoteParamsSchema,
        response: {
          200: {
            description: 'The credit note',
            content: { 'application/pdf': { schema: z.string().describe('PDF document') } },
          },
          401: denied[401],
          404: errorEnvelopeSchema.describe('No such credit note of yours'),
          ...invalid,
        },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const staff = user.role === 'staff' || user.role === 'admin';
      const { fileName, pdf } = await creditNotePdf(app.db, request.params.id, staff ? null : user.id);
      return (
        reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .type('application/pdf')
          // Bytes go out as they are (the response schema above only documents them).
          .send(Buffer.from(pdf) as unknown as string)
      );
    },
  );
};
