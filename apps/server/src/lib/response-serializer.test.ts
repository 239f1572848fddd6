import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { compiledSerializerCompiler, type SerializerKinds } from './response-serializer';

/** Answers are written by serialisers compiled from the contract's schemas, never leaking a field. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.ready();
});
afterAll(async () => {
  await t?.close();
});

async function tinyApp(schema: z.ZodType, body: unknown, verify = false) {
  const kinds: SerializerKinds = new Map();
  const app = Fastify();
  app.setSerializerCompiler(compiledSerializerCompiler({ verify, kinds }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => body);
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return { res, kind: kinds.get('GET /x 200')?.() };
}

describe('compiled response serialisers', () => {
  it('serve the hot routes', () => {
    for (const route of [
      'GET /v1/profile 200',
      'GET /v1/bookings 200',
      'GET /v1/bookings/:id 200',
      'GET /v1/invoices 200',
      'GET /v1/candidate/CandidateList 200',
    ]) {
      expect(t.app.serializerKinds.get(route)?.(), route).toBe('compiled');
    }
  });

  it('write only the declared fields (a row with more columns leaks nothing)', async () => {
    const { res, kind } = await tinyApp(z.object({ id: z.number().int(), name: z.string() }), { id: 1, name: 'A', passwordHash: 'secret' });
    expect(kind).toBe('compiled');
    expect(res.json()).toEqual({ id: 1, name: 'A' });
  });

  it('leave a schema with a transform or a default to zod', async () => {
    const transformed = await tinyApp(z.object({ n: z.number().transform((n) => String(n)) }), { n: 2 });
    expect(transformed.kind).toBe('zod');
    const defaulted = await tinyApp(z.object({ n: z.number().default(5) }), { n: 3 });
    expect(defaulted.kind).toBe('zod');
    expect(defaulted.res.json()).toEqual({ n: 3 });
  });

  it('in verify mode refuse an answer the compiled serialiser would write differently from zod', async () => {
    // zod refuses a string where a number is declared; the compiled one would coerce it: verify catches it.
    const { res } = await tinyApp(z.object({ n: z.number() }), { n: 'seven' }, true);
    expect(res.statusCode).toBe(500);
  });
});
