import {
  addCompanyBuyerSchema,
  companyApplicationSchema,
  companyBuyerParamsSchema,
  companyDecisionSchema,
  companyListSchema,
  companyOrderListSchema,
  companyOrdersQuerySchema,
  companyParamsSchema,
  companySchema,
  staffCompaniesQuerySchema,
  staffCompanyDetailSchema,
  staffCompanyListSchema,
} from '@shop/contract/companies';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { pageQuerySchema } from '@shop/contract/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer, requireSection } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  addBuyer,
  applyForCompany,
  companiesForStaff,
  companiesOfBuyer,
  companyForStaff,
  companyOrdersForBuyer,
  companyOrdersForStaff,
  decideCompanyAccount,
  removeBuyer,
} from './companies.service';

const security = [{ bearer: [] }];
const signedIn = { 401: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const staffOnly = { ...signedIn, 403: errorEnvelopeSchema };

/**
 * Company accounts (issue 39): a customer asks for one and sees the companies they order for and
 * each one's orders (its buyers only: anyone else gets 404); staff decide, manage its buyers and
 * see what it owes. Every answer is someone's own data: never cached.
 */
const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const customer = { tags: ['companies'], security };
  const staff = { tags: ['companies-admin'], security };

  app.post(
    '/companies/',
    {
      preHandler: requireCustomer,
      schema: {
        ...customer,
        summary:
          'Ask for a company account (pending until staff approve it); the caller becomes its first buyer',
        body: companyApplicationSchema,
        response: {
          201: companySchema,
          ...signedIn,
          409: errorEnvelopeSchema.describe('The TIN has an account'),
        },
      },
    },
    async (request, reply) => {
      const company = await applyForCompany(app.db, currentAuth(request).user.id, request.body);
      return reply.code(201).send(company);
    },
  );

  app.get(
    '/companies/',
    {
      preHandler: requireCustomer,
      schema: {
        ...customer,
        summary: 'The companies the caller orders for, newest first',
        querystring: pageQuerySchema,
        response: { 200: companyListSchema, ...signedIn },
      },
    },
    async (request) => companiesOfBuyer(app.db, currentAuth(request).user.id, request.query),
  );

  app.get(
    '/companies/:id/orders/',
    {
      preHandler: requireCustomer,
      schema: {
        ...customer,
        summary: 'The orders placed for a company the caller orders for, newest first',
        params: companyParamsSchema,
        querystring: companyOrdersQuerySchema,
        response: { 200: companyOrderListSchema, ...signedIn, 404: errorEnvelopeSchema },
      },
    },
    async (request) =>
      companyOrdersForBuyer(app.db, request.params.id, currentAuth(request).user.id, request.query),
  );

  app.get(
    '/companies/admin/companies/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'Company accounts, newest first, with what each owes (staff)',
        querystring: staffCompaniesQuerySchema,
        response: { 200: staffCompanyListSchema, ...staffOnly },
      },
    },
    async (request) => companiesForStaff(app.db, request.query),
  );

  app.get(
    '/companies/admin/companies/:id/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'A company account with its buyers and what it owes (staff)',
        params: companyParamsSchema,
        response: { 200: staffCompanyDetailSchema, ...staffOnly, 404: errorEnvelopeSchema },
      },
    },
    async (request) => companyForStaff(app.db, request.params.id),
  );

  app.get(
    '/companies/admin/companies/:id/orders/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'The orders placed for a company, newest first (staff)',
        params: companyParamsSchema,
        querystring: companyOrdersQuerySchema,
        response: { 200: companyOrderListSchema, ...staffOnly, 404: errorEnvelopeSchema },
      },
    },
    async (request) => companyOrdersForStaff(app.db, request.params.id, request.query),
  );

  app.post(
    '/companies/admin/companies/:id/decision/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'Approve or reject a company account (staff)',
        params: companyParamsSchema,
        body: companyDecisionSchema,
        response: { 200: staffCompanyDetailSchema, ...staffOnly, 404: errorEnvelopeSchema },
      },
    },
    async (request) =>
      decideCompanyAccount(
        app.db,
        request.params.id,
        request.body.status,
        actorOf(currentAuth(request).user),
      ),
  );

  app.post(
    '/companies/admin/companies/:id/buyers/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'Let a customer (by e-mail) order for the company (staff)',
        params: companyParamsSchema,
        body: addCompanyBuyerSchema,
        response: {
          200: staffCompanyDetailSchema,
          ...staffOnly,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema.describe('They already order for it'),
        },
      },
    },
    async (request) =>
      addBuyer(app.db, request.params.id, request.body.email, actorOf(currentAuth(request).user)),
  );

  app.delete(
    '/companies/admin/companies/:id/buyers/:user_id/',
    {
      preHandler: requireSection('companies'),
      schema: {
        ...staff,
        summary: 'Stop a person ordering for the company (staff); their past orders stay the company’s',
        params: companyBuyerParamsSchema,
        response: { 200: staffCompanyDetailSchema, ...staffOnly, 404: errorEnvelopeSchema },
      },
    },
    async (request) =>
      removeBuyer(app.db, request.params.id, request.params.user_id, actorOf(currentAuth(request).user)),
  );
};

export default companiesRoutes;
