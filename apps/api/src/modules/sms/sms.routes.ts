import crypto from 'node:crypto';
import { errorEnvelopeSchema } from '@shop/contract/errors';
import { pageOffset, toPagedList } from '@shop/contract/pagination';
import {
  PHONE_CODE_TTL_MINUTES,
  SMS_KIND_LABELS,
  type SmsKind,
  type SmsState,
  sendPhoneCodeRequestSchema,
  sendPhoneCodeResponseSchema,
  smsOutboxListSchema,
  smsOutboxQuerySchema,
  smsSettingsSchema,
  smsStateLabel,
  updateSmsPreferencesRequestSchema,
  verifyPhoneRequestSchema,
} from '@shop/contract/sms';
import { desc, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { smsMessages } from '../../db/schema/sms';
import { notFound } from '../../errors';
import { currentAuth, requireCustomer, requireStaff } from '../../plugins/auth';
import {
  applyDeliveryReport,
  getSmsSettings,
  sendPhoneCode,
  updateSmsPreferences,
  verifyPhoneCode,
} from './sms.service';

const customerErrors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/** The customer's SMS settings and phone verification. */
const customerSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireCustomer);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const settings = (userId: string) => getSmsSettings(app.db, userId, app.sms.enabled);

  app.get(
    '/sms/settings/',
    {
      schema: {
        tags: ['sms'],
        summary: "The customer's verified phone and which messages they get by SMS",
        security: [{ bearer: [] }],
        response: { 200: smsSettingsSchema, ...customerErrors },
      },
    },
    async (request) => settings(currentAuth(request).user.id),
  );

  app.patch(
    '/sms/settings/',
    {
      schema: {
        tags: ['sms'],
        summary: 'Choose which messages come by SMS (order updates, event messages, offers)',
        security: [{ bearer: [] }],
        body: updateSmsPreferencesRequestSchema,
        response: { 200: smsSettingsSchema, 422: errorEnvelopeSchema, ...customerErrors },
      },
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      await updateSmsPreferences(app.db, userId, request.body);
      return settings(userId);
    },
  );

  app.post(
    '/sms/phone/code/',
    {
      schema: {
        tags: ['sms'],
        summary: 'Send a 6-digit code by SMS to the phone to verify',
        description:
          `The code expires after ${PHONE_CODE_TTL_MINUTES} minutes. Answers 202 the same way whether ` +
          'or not the number belongs to another account. 429 after 3 codes to one number (or 5 for ' +
          'one account) in an hour.',
        security: [{ bearer: [] }],
        body: sendPhoneCodeRequestSchema,
        response: {
          202: sendPhoneCodeResponseSchema,
          422: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
          ...customerErrors,
        },
      },
    },
    async (request, reply) => {
      await sendPhoneCode(app.sms, currentAuth(request).user.id, request.body.phone);
      return reply.code(202).send({
        phone: request.body.phone,
        expires_in_minutes: PHONE_CODE_TTL_MINUTES,
        delivery: app.sms.enabled ? ('sms' as const) : ('held' as const),
      });
    },
  );

  app.post(
    '/sms/phone/verify/',
    {
      schema: {
        tags: ['sms'],
        summary: 'Verify the phone with the code sent by SMS; SMS then go to it',
        description:
          'A wrong code uses one of 5 tries; an expired or replaced code needs a new one (422 on code).',
        security: [{ bearer: [] }],
        body: verifyPhoneRequestSchema,
        response: { 200: smsSettingsSchema, 422: errorEnvelopeSchema, ...customerErrors },
      },
    },
    async (request) => {
      const userId = currentAuth(request).user.id;
      await verifyPhoneCode(app.db, userId, request.body.phone, request.body.code);
      return settings(userId);
    },
  );
};

/** The staff's list of SMS not sent (no provider) or failed, beside the unsent e-mail. */
const staffSmsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', requireStaff);

  app.get(
    '/admin/outbox/sms/',
    {
      schema: {
        tags: ['sms'],
        summary: 'SMS not sent (no SMS provider) or failed, newest first; staff only',
        security: [{ bearer: [] }],
        querystring: smsOutboxQuerySchema,
        response: { 200: smsOutboxListSchema, 422: errorEnvelopeSchema, ...customerErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { state } = request.query;
      const where =
        state === 'all'
          ? undefined
          : inArray(smsMessages.state, state === 'failed' ? ['failed'] : ['unsent']);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(smsMessages)
          .where(where)
          .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
          .limit(request.query.page_size)
          .offset(pageOffset(request.query)),
        app.db.select({ count: sql<number>`count(*)::int` }).from(smsMessages).where(where),
      ]);
      const results = rows.map((row) => ({
        id: row.id,
        kind: row.kind as SmsKind,
        kind_label: SMS_KIND_LABELS[row.kind as SmsKind] ?? row.kind,
        phone: row.phone,
        body: row.body,
        state: row.state as SmsState,
        state_label: smsStateLabel(row.state as SmsState, row.lastError),
        attempts: row.attempts,
        last_error: row.lastError,
        created_at: row.createdAt.toISOString(),
      }));
      return { ...toPagedList(results, total?.count ?? 0, request.query), sms_configured: app.sms.enabled };
    },
  );
};

const reportSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string().min(1).max(50),
  phoneNumber: z.string().max(30).optional(),
  networkCode: z.string().max(20).optional(),
  failureReason: z.string().max(200).optional(),
  retryCount: z.string().max(10).optional(),
});

function tokenMatches(given: string, expected: string | undefined): boolean {
  if (!expected) return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Africa's Talking's delivery reports, POSTed form-encoded to the callback URL registered on its
 * dashboard: `<PUBLIC_URL>/api/v1/sms/delivery-reports/<AT_CALLBACK_TOKEN>/`. A wrong token (or
 * none configured) is a 404; the same report twice changes nothing.
 */
const deliveryReportRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8192 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }

  app.post(
    '/sms/delivery-reports/:token/',
    {
      schema: {
        tags: ['sms'],
        summary: "Africa's Talking's SMS delivery report (form-encoded; the token is AT_CALLBACK_TOKEN)",
        params: z.object({ token: z.string().max(200) }),
        body: reportSchema,
        response: {
          200: z.object({ received: z.literal(true), changed: z.boolean() }),
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!tokenMatches(request.params.token, app.config.AT_CALLBACK_TOKEN)) throw notFound('The page');
      const changed = await applyDeliveryReport(app.db, request.body);
      return { received: true as const, changed };
    },
  );
};

const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(customerSmsRoutes);
  await app.register(staffSmsRoutes);
  await app.register(deliveryReportRoutes);
};

export default smsRoutes;
