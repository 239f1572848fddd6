import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { toJSONSchema } from 'zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Response serialisers compiled once per route from the contract's schema: the zod schema becomes JSON
 * Schema (`z.toJSONSchema`) and fast-json-stringify compiles it into a function that writes exactly the declared
 * properties — nothing else of a database row can leak, as with zod — without validating every answer at run time.
 *
 * A schema that JSON Schema cannot state exactly keeps zod's serialiser: anything with a transform, a codec or a
 * default (its input and output shapes differ), or that toJSONSchema cannot represent.
 *
 * `verify` (tests): every answer also goes through zod, and a difference between the two JSON texts (after parsing)
 * is an error, so the whole test suite proves the compiled serialisers write what zod would.
 */
type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/**
 * Which serialiser each route's answer gets, by `METHOD url status` (for the tests and the bench). Asking chooses it:
 * a route's serialiser is compiled when its first answer is written (or when asked here), not when the server
 * starts, so a start does not compile some two hundred serialisers most of which a process may never use.
 */
export type SerializerKinds = Map<string, () => 'compiled' | 'zod'>;

export function compiledSerializerCompiler(options: { verify: boolean; kinds?: SerializerKinds }): FastifySerializerCompiler<unknown> {
  return (route: RouteSchema) => {
    let chosen: { kind: 'compiled' | 'zod'; write: (data: unknown) => string } | undefined;
    const choose = () => (chosen ??= serializerFor(route, options.verify));
    // A route answering more than one media type (a list's JSON and CSV) is named by the JSON one, with the others apart.
    const media = route.contentType && route.contentType !== 'application/json' ? ` ${route.contentType}` : '';
    options.kinds?.set(`${route.method} ${route.url} ${route.httpStatus}${media}`, () => choose().kind);
    return (data: unknown) => choose().write(data);
  };
}

function serializerFor(route: RouteSchema, verify: boolean): { kind: 'compiled' | 'zod'; write: (data: unknown) => string } {
  const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const schema = zodSchemaOf(route.schema);
  const compiled = schema ? compile(schema) : undefined;
  if (!compiled) return { kind: 'zod', write: viaZod };
  if (!verify) return { kind: 'compiled', write: compiled };
  return {
    kind: 'compiled',
    write: (data: unknown) => {
      const expected = viaZod(data);
      const written = compiled(data);
      if (!sameJson(written, expected)) {
        throw new Error(
          `compiled serialiser of ${route.method} ${route.url} (${route.httpStatus}) differs from zod: ${written} vs ${expected}`,
        );
      }
      return written;
    },
  };
}

/**
 * How a route's serialiser writes one value of `schema` inside its answer (a row of a page, `[row,row]` with no
 * spaces): the compiled writer when the schema compiles, else zod's. A page joined from rows written by it is the
 * bytes the route's own serialiser writes for the page (a page's route compiles an array of the same schema).
 */
export function jsonWriter(schema: $ZodType): (data: unknown) => string {
  return compile(schema) ?? zodSerializerCompiler({ schema, method: 'GET', url: '' } as Parameters<typeof zodSerializerCompiler>[0]);
}

function zodSchemaOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  if (schema && typeof schema === 'object' && 'properties' in schema && schema.properties instanceof $ZodType) return schema.properties;
  return undefined;
}

function compile(schema: $ZodType): ((data: unknown) => string) | undefined {
  let input: unknown;
  let output: unknown;
  try {
    input = toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'throw', reused: 'inline', cycles: 'ref' });
    output = toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw', reused: 'inline', cycles: 'ref' });
  } catch {
    return undefined;
  }
  // Transforms, codecs and defaults make the two sides differ: zod must run for those. (The output side also says
  // `additionalProperties: false` of every object, which is how fast-json-stringify writes anyway.)
  if (
    JSON.stringify(input) !==
    JSON.stringify(output, (key, value: unknown) => (key === 'additionalProperties' && value === false ? undefined : value))
  ) {
    return undefined;
  }
  try {
    return fastJson(nullableOptions(output) as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return undefined;
  }
}

type JsonSchema = { [key: string]: unknown };
const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `anyOf: [X, { type: 'null' }]` (zod's `.nullable()`) as X with `nullable: true`. fast-json-stringify writes an
 * `anyOf` by validating the value against each option in turn (an Ajv validation of the whole nested object, for
 * every row); `nullable` is one `=== null` test. The same JSON for every value either option accepts. A `$ref` option
 * is inlined (its own references stay absolute, so they still resolve from the root).
 */
export function nullableOptions(root: unknown): unknown {
  const definitions = isSchema(root) && isSchema(root.definitions) ? root.definitions : {};
  const resolve = (option: JsonSchema): JsonSchema | undefined => {
    const keys = Object.keys(option);
    if (keys.length !== 1 || typeof option.$ref !== 'string') return option;
    const name = /^#\/definitions\/([^/]+)$/.exec(option.$ref)?.[1];
    const target = name === undefined ? undefined : definitions[name];
    return isSchema(target) ? target : undefined;
  };
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isSchema(node)) return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) out[key] = visit(value);
    const options = out.anyOf;
    if (!Array.isArray(options) || options.length !== 2) return out;
    const nullIndex = options.findIndex((o) => isSchema(o) && Object.keys(o).length === 1 && o.type === 'null');
    const other = options[1 - nullIndex];
    if (nullIndex < 0 || !isSchema(other) || 'anyOf' in other || 'oneOf' in other || other.type === 'null') return out;
    const target = resolve(other);
    if (!target || 'anyOf' in target || 'oneOf' in target || target.nullable === true) return out;
    const { anyOf: _anyOf, ...siblings } = out;
    return { ...target, ...siblings, nullable: true };
  };
  return visit(root);
}

function sameJson(a: string, b: string): boolean {
  return JSON.stringify(canonical(JSON.parse(a))) === JSON.stringify(canonical(JSON.parse(b)));
}

/** Key order does not matter; everything else does. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
