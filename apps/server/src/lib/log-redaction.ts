import type { FastifyRequest } from 'fastify';

/**
 * Request logs never carry a secret. Links e-mailed to users put tokens in query strings
 * (`/reset-password?token=…`, `/unlock?token=…`), the live stream's ticket (`/v1/events?ticket=…`), file downloads put an access key in the path
 * (`/v1/file/(eyJ…)`), and the enterprise login returns with `?code=…&state=…`. The request URL is logged with
 * those values replaced, in whatever spelling the request used (encoded, absolute-form).
 */
const SECRET_PARAM = /token|key|secret|password|passwd|code|state|nonce|signature|sig$|session|otp|assertion|ticket/i;
const REDACTED = '[redacted]';

/**
 * A path segment that is itself a credential: a key in parentheses (`(…)` or `%28…%29`), a JWT, or a calendar
 * feed's secret (`/v1/calendar/<secret>.ics`).
 */
function isSecretSegment(segment: string): boolean {
  // An e-mailed Approve/Reject link's secret: 32 random bytes, base64url (/email-action/<secret>, /v1/email-actions/<secret>).
  if (/^[\w-]{43}$/.test(segment)) return true;
  return /^(\(|%28)/i.test(segment) || /^eyJ[\w-]{4,}(\.|%2E)/i.test(segment) || /^[\w-]{20,}(\.|%2E)ics$/i.test(segment);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : url.slice(queryAt + 1);
  const safePath = path
    .split('/')
    .map((segment) => (isSecretSegment(segment) ? REDACTED : segment))
    .join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (eq === -1) return pair;
      return SECRET_PARAM.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Fastify's request log serializer with the URL redacted (and no headers: they are never logged). */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
