import {
  customerDetailSchema,
  customerListQuerySchema,
  customerListSchema,
  customerParamsSchema,
  disableAccountRequestSchema,
  enableAccountRequestSchema,
} from '@shop/contract/customers-admin';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  changeRoleRequestSchema,
  inviteStaffRequestSchema,
  inviteStaffResponseSchema,
  staffListSchema,
  staffMemberSchema,
  staffParamsSchema,
} from '@shop/contract/staff-accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireAdmin, requireSection, requireStaff } from '../../plugins/auth';
import { actorOf } from '../audit/audit';
import {
  changeRole,
  customerDetail,
  disableAccount,
  enableAccount,
  inviteStaff,
  pageOfCustomers,
  staffList,
} from './people.service';

const security = [{ bearer: [] }];
const staffDenied = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Staff only'),
};
const adminDenied = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Admins only'),
};

const noStore = async (_request: unknown, reply: { header: (name: string, value: string) => unknown }) => {
  reply.header('cache-control', 'no-store');
};

/** The back office's customers (staff and admins): the list and search, one customer's page. */
export const customersStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireStaff);
  app.addHook('onSend', noStore);

  app.get(
    '/admin/customers/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Customers, newest first (staff)',
        description:
          'Every account but the anonymous visitors. `q` finds part of a name, an e-mail address or a phone ' +
          'number (typed the local way too: 0772…); `role` keeps one role. Paged.',
        security,
        querystring: customerListQuerySchema,
        response: {
          200: customerListSchema,
          ...staffDenied,
          422: errorEnvelopeSchema.describe('Invalid filter'),
        },
      },
    },
    async (request) => pageOfCustomers(app.db, request.query),
  );

  app.get(
    '/admin/customers/:id/',
    {
      schema: {
        tags: ['admin'],
        summary: "A customer's page (staff)",
        description:
          'The account, its orders (count, total paid, the 10 newest), RSVPs, reviews, wishlist size and newsletter state.',
        security,
        params: customerParamsSchema,
        response: {
          200: customerDetailSchema,
          ...staffDenied,
          404: errorEnvelopeSchema.describe('No such account'),
          422: errorEnvelopeSchema.describe('Not an account id'),
        },
      },
    },
    async (request) => customerDetail(app.db, request.params.id),
  );
};

/** Disabling and enabling accounts (admins only). */
export const customersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireAdmin);
  app.addHook('onSend', noStore);

  app.post(
    '/admin/customers/:id/disable/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Disable an account (admin)',
        description:
          'With a reason. Its sessions end at once on every instance (its notification sockets close) and ' +
          'sign-in is refused ("This account has been disabled. Please contact the shop.") until it is enabled ' +
          'again. Orders and everything else stay. Audited.',
        security,
        params: customerParamsSchema,
        body: disableAccountRequestSchema,
        response: {
          200: customerDetailSchema,
          ...adminDenied,
          404: errorEnvelopeSchema.describe('No such account'),
          409: errorEnvelopeSchema.describe('Disabled already, or your own account'),
          422: errorEnvelopeSchema.describe('The reason is missing or too long (field `reason`)'),
        },
      },
    },
    async (request) =>
      disableAccount(app.db, actorOf(currentAuth(request).user), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/customers/:id/enable/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Enable a disabled account again (admin)',
        description: 'Sign-in works again. Audited (with the optional reason).',
        security,
        params: customerParamsSchema,
        body: enableAccountRequestSchema,
        response: {
          200: customerDetailSchema,
          ...adminDenied,
          404: errorEnvelopeSchema.describe('No such account'),
          409: errorEnvelopeSchema.describe('The account is not disabled'),
          422: errorEnvelopeSchema.describe('Invalid reason (field `reason`)'),
        },
      },
    },
    async (request) =>
      enableAccount(app.db, actorOf(currentAuth(request).user), request.params.id, request.body.reason),
  );
};

/** Staff accounts and roles (admins only). */
export const staffAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireSection('staff_accounts'));
  app.addHook('onSend', noStore);

  app.get(
    '/admin/staff/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Staff and admin accounts (admin)',
        description:
          'Admins first, then by name. `has_password` is false while an invitation is not accepted.',
        security,
        response: { 200: staffListSchema, ...adminDenied },
      },
    },
    async () => ({ results: await staffList(app.db) }),
  );

  app.post(
    '/admin/staff/invitations/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite a member of staff by e-mail (admin)',
        description:
          'Creates the account with the role (or gives an existing account the role) and e-mails a single-use ' +
          'link to choose a password (`/reset-password?token=…`, valid 72 hours). Without SMTP_URL the e-mail ' +
          'is kept in the outbox. Audited.',
        security,
        body: inviteStaffRequestSchema,
        response: {
          201: inviteStaffResponseSchema,
          ...adminDenied,
          409: errorEnvelopeSchema.describe('It would demote the last admin'),
          422: errorEnvelopeSchema.describe('Invalid e-mail, name or role: each bad field is named'),
        },
      },
    },
    async (request, reply) => {
      const answer = await inviteStaff(
        { db: app.db, email: app.email, publicUrl: app.config.publicUrl },
        actorOf(currentAuth(request).user),
        request.body,
      );
      return reply.code(201).send(answer);
    },
  );

  app.put(
    '/admin/staff/:id/role/',
    {
      schema: {
        tags: ['admin'],
        summary: "Change an account's role (admin)",
        description:
          "`customer` removes staff rights. The account's sessions end, so the new role applies from its next " +
          'sign-in. The last admin cannot be demoted, by anyone (409). Audited.',
        security,
        params: staffParamsSchema,
        body: changeRoleRequestSchema,
        response: {
          200: staffMemberSchema,
          ...adminDenied,
          404: errorEnvelopeSchema.describe('No such account'),
          409: errorEnvelopeSchema.describe('The last admin keeps their rights'),
          422: errorEnvelopeSchema.describe('Invalid role (field `role`)'),
        },
      },
    },
    async (request) =>
      changeRole(app.db, actorOf(currentAuth(request).user), request.params.id, request.body.role),
  );
};
