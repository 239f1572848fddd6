import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/**
 * Text PostgreSQL cannot store: the NUL character, and UTF-16 halves of a character without their other half
 * (`"\ud800"` in JSON). Found by the contract fuzz: such a value reached the database and
 * the answer was a 500. Every request's body, query and path parameters are checked before validation (after the
 * caller is known), and refused with a 400 naming the field.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is what is looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_TEXT = 'This field contains characters that cannot be stored (a NUL character or half of a character).';

/** The path of the first string (or key) holding unstorable text, or undefined. */
export function unstorableAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return at;
    const found = unstorableAt(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export default fp(
  async (app) => {
    // A plain (callback) hook: every request runs it, and an async one cost a promise each time.
    app.addHook('preValidation', (request, _reply, done) => {
      const field = unstorableAt(request.body, 'body') ?? unstorableAt(request.query, 'query') ?? unstorableAt(request.params, 'params');
      done(field ? AppError.field(field.replace(/^(body|query|params)\./, ''), UNSTORABLE_TEXT) : undefined);
    });
  },
  { name: 'storable-text' },
);
