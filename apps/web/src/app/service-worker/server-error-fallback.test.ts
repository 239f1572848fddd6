import { describe, expect, it } from 'vitest';
import { serverErrorAsFailure } from './server-error-fallback';

describe('serverErrorAsFailure', () => {
  it('passes the pages and redirects the server answers, and the refusals of the app', async () => {
    for (const status of [200, 301, 302, 304, 400, 404, 429]) {
      const response = new Response(status === 304 ? null : 'page', { status });
      await expect(serverErrorAsFailure.fetchDidSucceed({ response })).resolves.toBe(response);
    }
  });

  it("counts a server error as no answer, so the shell's fallback answers", async () => {
    for (const status of [500, 502, 503, 504]) {
      await expect(serverErrorAsFailure.fetchDidSucceed({ response: new Response('Bad Gateway', { status }) })).rejects.toThrow(
        String(status),
      );
    }
  });

  it('uses nothing from outside itself, as the build writes it into the service worker as source', () => {
    const source = String(serverErrorAsFailure.fetchDidSucceed);
    // Run as the service worker runs it: a function made from its source alone, with no module scope.
    const rebuilt = new Function(`return (${source});`)() as typeof serverErrorAsFailure.fetchDidSucceed;
    return expect(rebuilt({ response: new Response('', { status: 502 }) })).rejects.toThrow('502');
  });
});
