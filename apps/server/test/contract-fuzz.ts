import fc from 'fast-check';

/**
 * fast-check arbitraries made from the OpenAPI document's request schemas (JSON Schema 2020-12 as zod writes it):
 * values that fit the schema most of the time, hostile ones at every level the rest (huge and odd strings, nulls,
 * wrong types, deep nesting, odd numbers), for the contract fuzz test.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

const nest = (depth: number): unknown => (depth === 0 ? 1 : [nest(depth - 1)]);
const nestObject = (depth: number): unknown => (depth === 0 ? 'x' : { a: nestObject(depth - 1) });

/** Values no schema expects. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(0, -1, -0, 0.5, 1.5, -2147483649, 2147483648, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 5e-324),
  fc.string({ maxLength: 40, unit: 'grapheme' }),
  fc.string({ maxLength: 20, unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '\u202e\u0041',
    'NaN',
    'Infinity',
    '1e999',
    '-0',
    '0x10',
    '2026-02-30',
    '2026-13-01',
    '9999-12-31',
    '0000-01-01',
    '24:00',
    '23:60',
    '../../etc/passwd',
    "'; drop table bookings; --",
    '<script>alert(1)</script>',
    '%00',
    '{{7*7}}',
    '${jndi:ldap://x}',
    '__proto__',
    'constructor',
  ),
  fc.constant('x'.repeat(100_000)),
  fc.constant('\u{1F600}'.repeat(5_000)),
  fc.constant([]),
  fc.constant({}),
  fc.constant(nest(200)),
  fc.constant(nestObject(200)),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')),
  fc.constant(Array.from({ length: 20_000 }, (_, i) => i + 1)),
  fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }),
);

const ISO_DATE = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') return ISO_DATE;
  if (schema.format === 'date-time')
    return fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 11, 31) }).map((ms) => new Date(ms).toISOString());
  if (schema.format === 'email') {
    return fc.oneof(
      fc.constantFrom('group.admin@demo.test', 'finance@demo.test', 'nobody@demo.test', 'staff@provider.test'),
      fc.tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('demo.test', 'example.org')).map(([a, b]) => `${a}@${b}`),
    );
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 1000));
    } catch {
      // A pattern JavaScript cannot read: plain strings.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
}

function integerArb(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  const lo = Math.max(min, -(2 ** 31));
  const hi = Math.min(max, 2 ** 31 - 1);
  // Ids of the demo world are small: most cases name a row that exists.
  const small = fc.integer({ min: Math.max(lo, 1), max: Math.max(Math.min(hi, 60), Math.max(lo, 1)) });
  return fc.oneof({ weight: 3, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) });
}

export class SchemaArbitraries {
  private readonly cache = new Map<JsonSchema, fc.Arbitrary<unknown>>();

  constructor(private readonly components: Record<string, JsonSchema>) {}

  resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const found = this.components[name];
    if (!found) throw new Error(`unknown schema ${schema.$ref}`);
    return found;
  }

  /** Mostly valid values of the schema, a hostile one at this level now and then. */
  of(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    return fc.oneof({ weight: 6, arbitrary: this.valid(schema, depth) }, { weight: 1, arbitrary: hostile });
  }

  valid(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    const cached = this.cache.get(schema);
    if (cached) return cached;
    const made = this.make(schema, depth);
    this.cache.set(schema, made);
    return made;
  }

  private make(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if (depth > 8) return fc.constant(null);
    if ('const' in schema) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((s) => this.valid(s, depth + 1)));
    if (schema.allOf?.length) return this.valid(schema.allOf[0]!, depth + 1);
    if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => this.valid({ ...schema, type }, depth)));
    switch (schema.type) {
      case 'string':
        return stringArb(schema);
      case 'integer':
        return integerArb(schema);
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1e9,
          max: schema.maximum ?? 1e9,
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(this.of(schema.items ?? {}, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
        });
      case 'object': {
        const properties = schema.properties ?? {};
        const required = schema.required ?? [];
        const shape = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, this.of(s, depth + 1)]));
        const record = fc.record(shape, { requiredKeys: required.filter((k) => k in properties) });
        // Now and then a key the schema does not know.
        const extra = fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }));
        return fc
          .tuple(record, fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: extra }))
          .map(([value, more]) => (more ? { ...(value as object), [more[0]]: more[1] } : value));
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }
}

/** A query string from values: arrays repeat the key, objects go as JSON, null as the text 'null'. */
export function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const list = Array.isArray(value) ? value : [value];
    for (const item of list.slice(0, 600)) {
      params.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Path parameters: mostly small ids of the demo world, sometimes text no route expects. */
export const pathValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 61, max: 30_000 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.constantFrom(
        '0',
        '-1',
        '1.5',
        '1e3',
        '99999999999999999999',
        'abc',
        '%00',
        '%2e%2e',
        'null',
        'x'.repeat(3000),
        '%F0%9F%98%80',
        ' 1',
        '0x1',
      ),
      fc.string({ minLength: 1, maxLength: 30, unit: 'grapheme' }).map(encodeURIComponent),
    ),
  },
);
