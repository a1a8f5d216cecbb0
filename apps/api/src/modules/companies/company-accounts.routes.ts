import { companyParamsSchema } from '@shop/contract/companies';
import {
  companyAccountSchema,
  companyAccountTermsSchema,
  companyInvoiceListSchema,
  companyInvoicesQuerySchema,
  companyPaymentListSchema,
  companyPaymentSchema,
  companyStatementQuerySchema,
  companyStatementSchema,
  recordCompanyPaymentSchema,
} from '@shop/contract/company-accounts';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { pageQuerySchema } from '@shop/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer, requireSection } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  companyAccount,
  companyInvoices,
  companyPayments,
  companyStatement,
  recordCompanyPayment,
  setAccountTerms,
} from './company-accounts.service';

const security = [{ bearer: [] }];
const signedIn = { 401: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const staffOnly = { ...signedIn, 403: errorEnvelopeSchema };

/**
 * Paying on account (decision 0042): a company's account, invoices, payments and monthly
 * statement, read by its buyers (anyone else: the same 404 as no company) and by staff; staff
 * set its credit limit and terms and record payments. Someone's own data: never cached.
 */
const companyAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const customer = { tags: ['companies'], security, params: companyParamsSchema };
  const staff = { tags: ['companies-admin'], security, params: companyParamsSchema };
  const buyer = (request: Parameters<typeof currentAuth>[0]) => ({
    staff: false as const,
    userId: currentAuth(request).user.id,
  });
  const STAFF = { staff: true as const };

  // The company's buyers.
  app.get(
    '/companies/:id/account/',
    {
      preHandler: requireCustomer,
      schema: {
        ...customer,
        summary: 'Whether the company pays on account, its limit, terms and what it owes',
        response: { 200: companyAccountSchema, ...signedIn },
      },
    },
    async (request) => companyAccount(app.db, request.params.id, buyer(request)),
  );
  app.get(
    '/companies/:id/invoices/',
    {
      preHandler: requireCustomer,
      schema: {
        ...customer,
        summary: 'The company’s on-account invoices, newest first, with what each still owes',
        querystring: companyInvoicesQuerySchema,
        response: { 200: companyInvoiceListSchema, ...signedIn },
      },
    },
    async (request) => companyInvoices(app.db, request.params.id, buyer(request), request.query),
  );
  app.get(
    '/companies/:id/payments/',
    {
      preHandler: requireCustomer,
      schema: {
        ...customer,
        summary: 'The payments recorded from the company, the latest received first',
        querystring: pageQuerySchema,
        response: { 200: companyPaymentListSchema, ...signedIn },
      },
    },
    async (request) => companyPayments(app.db, request.params.id, buyer(request), request.query),
  );
  app.get(
    '/companies/:id/statement/',
    {
      preHandler: requireCustomer,
      schema: {
        ...customer,
        summary: 'The company’s statement of a month (Kampala calendar)',
        querystring: companyStatementQuerySchema,
        response: { 200: companyStatementSchema, ...signedIn },
      },
    },
    async (request) => companyStatement(app.db, request.params.id, buyer(request), request.query.month),
  );

  // Staff.
  app.get(
    '/companies/admin/companies/:id/account/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'A company’s paying on account: limit, terms and what it owes (staff)',
        response: { 200: companyAccountSchema, ...staffOnly },
      },
    },
    async (request) => companyAccount(app.db, request.params.id, STAFF),
  );
  app.put(
    '/companies/admin/companies/:id/account/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'Allow paying on account with a credit limit and terms, or stop it (both null) (staff)',
        body: companyAccountTermsSchema,
        response: { 200: companyAccountSchema, ...staffOnly },
      },
    },
    async (request) =>
      setAccountTerms(
        app.db,
        request.params.id,
        { credit_limit: request.body.credit_limit, payment_terms_days: request.body.payment_terms_days },
        actorOf(currentAuth(request).user),
      ),
  );
  app.get(
    '/companies/admin/companies/:id/invoices/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'A company’s on-account invoices, newest first (staff)',
        querystring: companyInvoicesQuerySchema,
        response: { 200: companyInvoiceListSchema, ...staffOnly },
      },
    },
    async (request) => companyInvoices(app.db, request.params.id, STAFF, request.query),
  );
  app.get(
    '/companies/admin/companies/:id/payments/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'The payments recorded from a company, the latest received first (staff)',
        querystring: pageQuerySchema,
        response: { 200: companyPaymentListSchema, ...staffOnly },
      },
    },
    async (request) => companyPayments(app.db, request.params.id, STAFF, request.query),
  );
  app.post(
    '/companies/admin/companies/:id/payments/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary:
          'Record money received against one of the company’s invoices (staff); the same key answers the same payment',
        body: recordCompanyPaymentSchema,
        response: {
          200: companyPaymentSchema.describe('Already recorded with this key'),
          201: companyPaymentSchema,
          ...staffOnly,
          409: errorEnvelopeSchema.describe('The key was used for another payment'),
        },
      },
    },
    async (request, reply) => {
      const { payment, created } = await recordCompanyPayment(
        app.db,
        request.params.id,
        request.body,
        actorOf(currentAuth(request).user),
      );
      return reply.code(created ? 201 : 200).send(payment);
    },
  );
  app.get(
    '/companies/admin/companies/:id/statement/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'A company’s statement of a month (staff)',
        querystring: companyStatementQuerySchema,
        response: { 200: companyStatementSchema, ...staffOnly },
      },
    },
    async (request) => companyStatement(app.db, request.params.id, STAFF, request.query.month),
  );
};

export default companyAccountsRoutes;
