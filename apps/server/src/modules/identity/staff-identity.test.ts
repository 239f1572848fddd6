import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@portal/db/client';
import { createTestDatabase } from '../../../test/helpers';
import { matchStaff } from './staff-identity';

/** Which staff user an enterprise sign-in is: by the provider's subject, or once by a verified e-mail. */
let database: Database;
let drop: () => Promise<void>;
let staffId: number;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('seeded'));
  staffId = (await queryRows<{ id: number }>(database.db, sql`select id from staff_users where email = 'staff@provider.test'`))[0]!.id;
});
afterAll(async () => {
  await drop?.();
});
beforeEach(async () => {
  await database.db.execute(sql`update staff_users set oidc_subject = null`);
});

const subjectOf = async (id: number) =>
  (await queryRows<{ s: string | null }>(database.db, sql`select oidc_subject as s from staff_users where id = ${id}`))[0]!.s;

describe('matching an enterprise sign-in to a staff user', () => {
  it('matches a verified e-mail once and stores the subject', async () => {
    const staff = await matchStaff(database.db, { sub: 'idp-42', email: ' Staff@Provider.test ', email_verified: true });
    expect(staff?.id).toBe(staffId);
    expect(await subjectOf(staffId)).toBe('idp-42');
  });

  it('then matches by the subject, whatever e-mail the provider sends', async () => {
    await database.db.execute(sql`update staff_users set oidc_subject = 'idp-42' where id = ${staffId}`);
    expect((await matchStaff(database.db, { sub: 'idp-42', email: 'renamed@provider.test', email_verified: false }))?.id).toBe(staffId);
    expect((await matchStaff(database.db, { sub: 'idp-42' }))?.id).toBe(staffId);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    for (const email_verified of [false, undefined, 'true', 1]) {
      expect(await matchStaff(database.db, { sub: 'idp-7', email: 'staff@provider.test', email_verified })).toBeUndefined();
    }
    expect(await subjectOf(staffId)).toBeNull();
  });

  it('never lets another subject take over a staff user through its e-mail', async () => {
    await database.db.execute(sql`update staff_users set oidc_subject = 'idp-42' where id = ${staffId}`);
    expect(await matchStaff(database.db, { sub: 'idp-evil', email: 'staff@provider.test', email_verified: true })).toBeUndefined();
    expect(await subjectOf(staffId)).toBe('idp-42');
  });

  it('refuses a sign-in without a subject, and an unknown verified e-mail', async () => {
    expect(await matchStaff(database.db, { email: 'staff@provider.test', email_verified: true })).toBeUndefined();
    expect(await matchStaff(database.db, { sub: '', email: 'staff@provider.test', email_verified: true })).toBeUndefined();
    expect(await matchStaff(database.db, { sub: 'idp-9', email: 'stranger@provider.test', email_verified: true })).toBeUndefined();
  });
});
