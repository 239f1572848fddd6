import fp from 'fastify-plugin';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { isDeepStrictEqual } from 'node:util';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ProblemDetails } from '@portal/contract/problems';
import { withPublicRoutes } from './public-routes';
import { describePermission, permissionExtension } from './route-permission';

/**
 * `getBookingsByIdExtendScheduling` from `GET /v1/bookings/:id/extend/scheduling`: stable, unique per method and
 * path, and what a generated client calls the operation. A route may name its own with `schema.operationId`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((s) => s && !/^v\d+$/.test(s))
    .flatMap((s) => (s.startsWith(':') ? ['by', s.slice(1)] : s.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * Per operation: an operationId, who may call it (`security: []` on public ones, the bearer scheme on the rest),
 * the route's declared permission (`x-permission`, and a sentence in the description), and a problem answer for
 * a refused call when the route lists no 4xx answer of its own.
 */
const transform: SwaggerTransform = (document) => {
  const { route } = document;
  const config = route.config ?? {};
  const schema = document.schema as Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean };
  if (!schema || schema.hide) return jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  const flags = { public: config.public === true, staff: config.staff === true };
  const response = { ...(schema.response ?? {}) };
  if (!Object.keys(response).some((status) => status.startsWith('4'))) response[flags.public ? '400' : '401'] = ProblemDetails;
  const permission = describePermission(config.permission, flags);
  const enriched = {
    ...schema,
    operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, document.url),
    description: schema.description ? `${schema.description as string}\n\n${permission}` : permission,
    security: flags.public ? [] : [{ bearer: [] }],
    'x-permission': permissionExtension(config.permission, flags),
    response,
  };
  return jsonSchemaTransform({ ...document, schema: enriched } as Parameters<typeof jsonSchemaTransform>[0]);
};

/** Every `$ref` to a component schema in a document part. */
function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.add(v.replace('#/components/schemas/', ''));
      else refsIn(v, found);
    }
  }
  return found;
}

function renameRefs(value: unknown, rename: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, rename));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      if (key === '$ref' && typeof v === 'string') {
        const name = v.replace('#/components/schemas/', '');
        return [key, rename.has(name) ? `#/components/schemas/${rename.get(name)}` : v];
      }
      return [key, renameRefs(v, rename)];
    }),
  );
}

/**
 * The zod provider registers every shared schema twice, as `X` (what the API answers) and `XInput` (what it
 * accepts). Where the two are the same the input one is dropped and its references point at `X`; an input
 * variant nothing refers to (a schema only ever answered) is not emitted.
 */
const transformObject: SwaggerTransformObject = (document) => {
  const generated = jsonSchemaTransformObject(document) as {
    components?: { schemas?: Record<string, unknown> };
    paths?: unknown;
  } & Record<string, unknown>;
  const schemas = { ...(generated.components?.schemas ?? {}) };
  const same = new Map<string, string>();
  // Sameness of a schema holding a reference depends on the referenced one: settle it until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const name of Object.keys(schemas)) {
      const output = name.endsWith('Input') ? name.slice(0, -'Input'.length) : undefined;
      if (!output || same.has(name) || !(output in schemas)) continue;
      if (isDeepStrictEqual(renameRefs(schemas[name], same), schemas[output])) {
        same.set(name, output);
        changed = true;
      }
    }
  }
  for (const name of same.keys()) delete schemas[name];
  const result = renameRefs({ ...generated, components: { ...generated.components, schemas } }, same) as typeof generated;
  // Only the schemas the operations use, directly or through another schema (an input-only body has no use
  // for its answer variant, and the reverse).
  const all = result.components!.schemas!;
  const reachable = new Set<string>();
  const visit = (name: string) => {
    if (reachable.has(name) || !(name in all)) return;
    reachable.add(name);
    for (const r of refsIn(all[name])) visit(r);
  };
  for (const name of refsIn(result.paths)) visit(name);
  for (const name of Object.keys(all)) if (!reachable.has(name)) delete all[name];
  // What is left of a pair is the one schema of its name: `CreateBookingBody`, not `CreateBookingBodyInput`.
  const plain = new Map(
    Object.keys(all).flatMap((name) => (name.endsWith('Input') && !(name.slice(0, -5) in all) ? [[name, name.slice(0, -5)] as const] : [])),
  );
  for (const [name, to] of plain) {
    all[to] = all[name];
    delete all[name];
  }
  Object.assign(result, renameRefs({ paths: result.paths, components: result.components }, plain));
  // A route answering more than one method (GET and HEAD /api/ping) shares its schema: name each method's own.
  for (const item of Object.values((result.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const id = operation?.operationId;
      if (id && !id.startsWith(method)) operation.operationId = method + id.replace(/^[a-z]+/, '');
    }
  }
  return result as ReturnType<SwaggerTransformObject>;
};

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
            '(application/problem+json) with a stable `code`. Lists page with `skip`/`take` and an `x-pagination` header. ' +
            'Each operation says what it needs in its description and in `x-permission`: `public`, `staff` (provider ' +
            'staff only), `signedIn` (any signed-in contact), or the spec §6 requirement (`requirement` ALL or ONE of ' +
            '`permissions`, each a scope, action and level), with `per` when it is checked at the client or location ' +
            'of the row the call names.',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: options.publicOrigin, description: 'This server' }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform,
      transformObject,
    });
    await withPublicRoutes(app, () =>
      app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, transformStaticCSP: (header) => header }),
    );
    app.get('/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
