import type { FastifyInstance } from 'fastify';
import type { ServerKeys } from '../lib/secrets';
import type { AttemptCounters } from '../modules/identity/attempt-counters';
import { SCHOOL_CLIENT_ID, SCHOOL_ISSUER_PATH, schoolClientSecret, schoolSsoDemoIssuer } from '../modules/identity/school-sso-demo-issuer';
import { DEMO_PASSWORD } from './seed';
import { SSO_TRUST, SSO_TRUST_DIRECTORY } from './sso-trust';

/**
 * The demo's school provider for the SSO trust: the embedded issuer at /school-idp, and the trust's connection set
 * to it (issuer and secret follow this server's origin and keys, so they are set at each start, as provider staff
 * would set a real school's).
 */
export async function registerDemoSchoolProvider(
  app: FastifyInstance,
  options: { publicOrigin: string; keys: ServerKeys; counters: AttemptCounters },
): Promise<void> {
  await app.register(schoolSsoDemoIssuer, {
    ...options,
    directory: SSO_TRUST_DIRECTORY,
    password: DEMO_PASSWORD,
    schoolName: 'The SSO Trust',
  });
  const groupId = await app.services.schoolSso.groupIdByName(SSO_TRUST.groupName);
  if (groupId === undefined) return;
  try {
    await app.services.schoolSso.configure(groupId, {
      issuer: `${options.publicOrigin}${SCHOOL_ISSUER_PATH}`,
      clientId: SCHOOL_CLIENT_ID,
      clientSecret: schoolClientSecret(options.keys),
      domains: [SSO_TRUST.domain],
      required: SSO_TRUST.required,
    });
  } catch (error) {
    // Another process starting at the same moment set it: theirs is the same.
    app.log.warn({ err: error }, 'the SSO trust connection was not set');
  }
}
