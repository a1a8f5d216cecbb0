import { errorEnvelopeSchema } from '@shop/contract/errors';
import { profileSchema, updateProfileRequestSchema } from '@shop/contract/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth, requireCustomer } from '../../plugins/auth';
import { changeProfile, getProfile } from './profile.service';

/** docs/product.md section 7: the signed-in customer's own profile. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/users/profile/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['profile'],
        summary: "The signed-in customer's profile",
        security: [{ bearer: [] }],
        response: { 200: profileSchema, 401: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getProfile(app.db, currentAuth(request).user.id);
    },
  );

  app.patch(
    '/users/users/update_profile/',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['profile'],
        summary:
          'Change name, phone, date of birth (21 or older), default delivery address or newsletter choice',
        security: [{ bearer: [] }],
        body: updateProfileRequestSchema,
        response: {
          200: profileSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { minimum_age } = await app.shopSettings.current();
      return changeProfile(app.db, currentAuth(request).user.id, request.body, minimum_age);
    },
  );
};

export default profileRoutes;
