import type { UnlockBody } from '@portal/contract/auth';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/auth/unlock with the token of the locked-account e-mail: 204, or 410 when the link is spent. */
export async function unlockAccount(body: z.infer<typeof UnlockBody>): Promise<void> {
  await apiRequest('auth/unlock', { method: 'POST', body, anonymous: true });
}
