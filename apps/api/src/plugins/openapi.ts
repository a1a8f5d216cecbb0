import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { BRAND } from '@shop/contract/brand';
import { API_BASE_PATH } from '@shop/contract/constants';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the contract's zod schemas on each route, at
 * /api/v1/openapi.json, and an interactive reference at /api/v1/docs.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${BRAND.name} API`,
          description:
            'REST API of the shop. Every error answers `{ "error": { "code", "message", "fields"? } }`; ' +
            'invalid input is a 422 naming each bad field. Money is integer Uganda shillings (UGX).',
          version: '1.0.0',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'The session token' },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: `${API_BASE_PATH}/docs`,
      staticCSP: true,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'openapi' },
);
