import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The ceiling: a bare Fastify server answering each benchmarked URL with the same bytes the real server sent.
 * Whatever the real route costs beyond this is ours.
 */
const routes = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Array<{
  path: string;
  body: string;
  contentType: string;
  etag?: string;
}>;
const answers = new Map<string, { body: Buffer; contentType: string; etag?: string }>();
for (const r of routes) {
  const etag = r.etag ?? answers.get(r.path)?.etag;
  answers.set(r.path, { body: Buffer.from(r.body, 'base64'), contentType: r.contentType, ...(etag ? { etag } : {}) });
}
const app = Fastify({ logger: false });
app.get('*', async (request, reply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.code(404).send();
  // A revalidating route's ceiling: the bare 304.
  if (answer.etag && request.headers['if-none-match'] === answer.etag) return reply.code(304).header('etag', answer.etag).send();
  return reply.type(answer.contentType).send(answer.body);
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`ceiling listening on ${typeof address === 'object' && address ? address.port : 0}\n`);
