import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { withPublicRoutes } from './public-routes';

/** OpenAPI 3.1 generated from the contract's zod schemas: /v1/openapi.json, browsable at /docs. */
export default fp(
  async (app, options: { publicOrigin: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Client portal provider API',
          version: '1.0.0',
          description:
            'The API behind the client self-service portal. Errors are RFC 9457 problem details ' +
            '(application/problem+json) with a stable `code`. Lists page with `skip`/`take` and an `x-pagination` header.',
        },
        servers: [{ url: options.publicOrigin }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await withPublicRoutes(app, () =>
      app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, transformStaticCSP: (header) => header }),
    );
    app.get('/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
