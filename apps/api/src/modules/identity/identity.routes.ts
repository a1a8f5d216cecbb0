import { errorEnvelopeSchema } from '@shop/contract/errors';
import {
  anonymousSignInResponseSchema,
  authSessionSchema,
  CSRF_COOKIE_NAME,
  CSRF_HEADER_NAME,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  csrfResponseSchema,
  PASSWORD_POLICY,
  passwordPolicySchema,
  providersResponseSchema,
  requestPasswordResetResponseSchema,
  requestPasswordResetSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  signOutResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  socialSignInRequestSchema,
  socialSignInResponseSchema,
} from '@shop/contract/identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../plugins/auth';
import { OIDC_PROVIDER_ID } from './auth';
import { forwardToAuth } from './fetch-bridge';

const TAGS = ['identity'];
const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/**
 * /api/v1/auth: better-auth's endpoints, and the shop's own (password policy, providers, CSRF).
 * The main endpoints are declared one by one so that their bodies are validated with the
 * contract's schemas (422 naming the field) and shown in the OpenAPI document; every other
 * better-auth endpoint (list-sessions, revoke-session, …) goes through the catch-all route.
 */
const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const forward = (request: FastifyRequest, reply: FastifyReply, body?: unknown) =>
    forwardToAuth(app.betterAuth.handler, request, reply, { publicUrl: app.config.publicUrl, body });

  // OAuth providers may post their answer as a form (response_mode=form_post): forwarded as is.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/auth/password-policy',
    {
      schema: {
        tags: TAGS,
        summary: 'The password rules (OWASP ASVS 6.2), for the register, reset and change forms',
        response: { 200: passwordPolicySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return PASSWORD_POLICY;
    },
  );

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: TAGS,
        summary: 'Which sign-in methods are enabled (hide the Google button when it is not)',
        response: { 200: providersResponseSchema },
      },
    },
    async () => {
      const { config } = app;
      return {
        email_password: true as const,
        google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
        oidc:
          config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
            ? { id: OIDC_PROVIDER_ID, name: config.OIDC_PROVIDER_NAME }
            : null,
      };
    },
  );

  app.get(
    '/auth/csrf',
    {
      schema: {
        tags: TAGS,
        summary: `The CSRF token: send it as ${CSRF_HEADER_NAME} on POST, PUT, PATCH and DELETE (also in the ${CSRF_COOKIE_NAME} cookie)`,
        response: { 200: csrfResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { csrf_token: request.csrfToken, header: CSRF_HEADER_NAME, cookie: CSRF_COOKIE_NAME };
    },
  );

  app.post(
    '/auth/sign-up/email',
    {
      schema: {
        tags: TAGS,
        summary:
          'Register (21 or older). Always answers 200 with token null, even for a taken address: sign in next',
        body: signUpRequestSchema,
        response: { 200: signUpResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, email, password, date_of_birth, newsletter_opt_in } = request.body;
      return forward(request, reply, {
        name,
        email,
        password,
        dateOfBirth: date_of_birth,
        newsletterOptIn: newsletter_opt_in ?? false,
      });
    },
  );

  app.post(
    '/auth/sign-in/email',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in with e-mail and password; from an anonymous session, links the visitor',
        body: signInRequestSchema,
        response: { 200: signInResponseSchema, ...errors },
      },
    },
    async (request, reply) => forward(request, reply, request.body),
  );

  app.post(
    '/auth/sign-in/anonymous',
    {
      schema: {
        tags: TAGS,
        summary: 'Start an anonymous session for a new visitor (24 hours)',
        response: { 200: anonymousSignInResponseSchema, 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (request, reply) => forward(request, reply),
  );

  app.post(
    '/auth/sign-out',
    {
      schema: {
        tags: TAGS,
        summary: 'End the session on the server',
        response: { 200: signOutResponseSchema },
      },
    },
    async (request, reply) => forward(request, reply),
  );

  app.get(
    '/auth/get-session',
    {
      schema: {
        tags: TAGS,
        summary: 'The current session and user, or null',
        response: { 200: authSessionSchema },
      },
    },
    async (request, reply) => forward(request, reply),
  );

  app.post(
    '/auth/request-password-reset',
    {
      schema: {
        tags: TAGS,
        summary: 'E-mail a reset link (the same answer whether or not the address exists)',
        body: requestPasswordResetSchema,
        response: {
          200: requestPasswordResetResponseSchema,
          422: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => forward(request, reply, { email: request.body.email }),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: TAGS,
        summary: 'Set a new password with the token of the e-mailed link (once, within an hour)',
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResponseSchema, 400: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => forward(request, reply, request.body),
  );

  app.post(
    '/auth/change-password',
    {
      preHandler: requireAccount,
      schema: {
        tags: TAGS,
        summary: 'Change the password (signed-in customer); ends every other session',
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, 400: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) =>
      forward(request, reply, {
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        revokeOtherSessions: true,
      }),
  );

  app.post(
    '/auth/sign-in/social',
    {
      schema: {
        tags: TAGS,
        summary: 'Start signing in with Google or the OpenID Connect provider: answers the URL to open',
        body: socialSignInRequestSchema,
        response: { 200: socialSignInResponseSchema, 404: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) =>
      forward(request, reply, {
        ...request.body,
        errorCallbackURL: request.body.errorCallbackURL ?? '/login',
        disableRedirect: true,
      }),
  );

  // Everything else of better-auth (OAuth callbacks, list-sessions, revoke-session, …).
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => forward(request, reply),
  });
};

export default identityRoutes;
