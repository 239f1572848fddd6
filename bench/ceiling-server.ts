import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * The ceiling: a bare Fastify route answering each benchmarked path with the same bytes the real server sent.
 * Whatever the real route costs beyond this is ours.
 */
const routes = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Array<{ path: string; body: string; contentType: string }>;
const app = Fastify({ logger: false });
for (const route of routes) {
  const body = Buffer.from(route.body, 'base64');
  app.get(route.path.split('?')[0]!, async (_request, reply) => reply.type(route.contentType).send(body));
}
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`ceiling listening on ${typeof address === 'object' && address ? address.port : 0}\n`);
