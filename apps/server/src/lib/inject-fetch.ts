import type { FastifyInstance } from 'fastify';

/**
 * A fetch that answers requests to our own public origin in-process (Fastify's inject), and sends any other
 * URL over the network. The portal's OpenID client uses it to reach the embedded issuer without a network hop,
 * which also works before the server listens and behind any proxy.
 */
export function injectFetch(app: FastifyInstance, publicOrigin: string) {
  return async (url: string, options: { method: string; headers: Record<string, string>; body?: unknown }): Promise<Response> => {
    const target = new URL(url);
    if (target.origin !== new URL(publicOrigin).origin) return fetch(url, options as RequestInit);
    const body =
      options.body === undefined || options.body === null
        ? undefined
        : options.body instanceof URLSearchParams
          ? options.body.toString()
          : String(options.body);
    const res = await app.inject({
      method: options.method as 'GET',
      url: target.pathname + target.search,
      headers: { ...options.headers, host: target.host, 'x-forwarded-proto': target.protocol.replace(':', '') },
      ...(body !== undefined ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) headers.append(name, v);
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}
