import { EmailActionResult, EmailActionView, type EmailActionBody } from '@portal/contract/email-actions';
import { apiRequest } from '../../lib/api-client';

/** GET /v1/email-actions/{token}: what an e-mailed Approve or Reject link is for (410 when it no longer works). */
export function fetchEmailAction(token: string): Promise<EmailActionView> {
  return apiRequest(`email-actions/${encodeURIComponent(token)}`, { anonymous: true, schema: EmailActionView });
}

/** POST /v1/email-actions/{token}: approves or rejects as the link's approver (Idempotency-Key). */
export function performEmailAction(token: string, body: EmailActionBody, idempotencyKey: string): Promise<EmailActionResult> {
  return apiRequest(`email-actions/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
    anonymous: true,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: EmailActionResult,
  });
}
