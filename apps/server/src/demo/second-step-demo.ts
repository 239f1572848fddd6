import type { DbOrTx } from '@portal/db/client';
import { ensureSecondStepContact } from './second-step-demo.repository';

/** The demo account with an authenticator app already set up; its secret is in the README (it is the demo). */
export const SECOND_STEP_DEMO = {
  email: 'two.step@demo.test',
  like: 'school.admin@demo.test',
  /** Base32, as an authenticator app takes it: `otpauth://totp/Client%20portal:two.step%40demo.test?secret=…`. */
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

/** As the start-up lists it beside the seeded demo accounts. */
export const SECOND_STEP_DEMO_ACCOUNT = {
  email: SECOND_STEP_DEMO.email,
  description: `as ${SECOND_STEP_DEMO.like}, with two-step sign-in on (authenticator secret ${SECOND_STEP_DEMO.secret})`,
};

/** Adds the account on a demo world that lacks it (the secret is sealed by the server's key, so at start, not in the seed). */
export function ensureSecondStepDemo(db: DbOrTx, seal: (secret: string) => string): Promise<boolean> {
  return ensureSecondStepContact(db, {
    email: SECOND_STEP_DEMO.email,
    like: SECOND_STEP_DEMO.like,
    secretSealed: seal(SECOND_STEP_DEMO.secret),
  });
}
