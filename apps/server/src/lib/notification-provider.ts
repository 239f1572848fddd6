/**
 * Where an SMS or a voice call is delivered (e-mail goes through nodemailer, lib/mailer.ts). One function per
 * channel; a channel this deployment cannot deliver has none. The notification job calls it: a failure that may pass
 * (network, 5xx, 429) is thrown so that the job is retried with its backoff; a refusal that never will (an invalid
 * number, a bad credential) is a `PermanentDeliveryError`, given up at once.
 */
export interface NotificationProvider {
  readonly name: string;
  sms?(to: string, text: string): Promise<void>;
  voice?(to: string, text: string): Promise<void>;
  push?(to: string, text: string): Promise<void>;
}

export type NotificationChannel = 'sms' | 'voice' | 'push';

/** The provider refused the message for good: retrying cannot help. */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** A Twilio-compatible API (https://api.twilio.com by default). */
  apiBase: string;
  timeoutMs?: number;
}

/** Answers worth another try later: a timeout, a conflict, too many requests (RFC 9110, RFC 6585). */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/**
 * Twilio's REST API (2010-04-01): a message is POST …/Messages.json, a call POST …/Calls.json with inline TwiML, both
 * form-encoded with basic authentication (account SID and auth token). The auth token is only ever in the
 * Authorization header: never in an error, a log line or a URL.
 */
export function createTwilioProvider(options: TwilioOptions): NotificationProvider {
  const base = `${options.apiBase.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  async function post(resource: 'Messages' | 'Calls', form: Record<string, string>): Promise<void> {
    const response = await fetch(`${base}/${resource}.json`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    // Twilio's error body: {"code": 21211, "message": "The 'To' number … is not a valid phone number.", "status": 400}.
    let code: string | undefined;
    let detail = '';
    try {
      const body = (await response.json()) as { code?: unknown; message?: unknown };
      if (body.code !== undefined && body.code !== null) code = String(body.code);
      if (typeof body.message === 'string') detail = body.message.slice(0, 300);
    } catch {
      // Not JSON: the status says enough.
    }
    const message = `${resource} answered ${response.status}${code ? ` (code ${code})` : ''}${detail ? `: ${detail}` : ''}`;
    if (response.status >= 400 && response.status < 500 && !RETRYABLE_4XX.has(response.status)) {
      throw new PermanentDeliveryError(message, response.status, code);
    }
    throw new Error(message);
  }

  return {
    name: 'twilio',
    sms: (to, text) => post('Messages', { To: to, From: options.from, Body: text }),
    voice: (to, text) => post('Calls', { To: to, From: options.from, Twiml: `<Response><Say>${escapeXml(text)}</Say></Response>` }),
  };
}
