import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { queryRows } from '@portal/db/client';
import { brandFor } from '@portal/contract/format/brand';
import { formatDuration } from '@portal/contract/format/duration';
import { TimesheetListResponse } from '@portal/contract/timesheets';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { signIn, type SignedIn } from '../../../test/auth-client';
import { DEMO_PROVIDER_ENTITIES, providerEntity } from '../invoices/provider-entities';
import { timesheetPdf } from './timesheet-pdf';

/**
 * The timesheet PDF a school downloads: names as stored (macrons and all, in an embedded Unicode font), the hours the
 * timesheet bills written as the portal writes hours, the pay unit in words, the zone as its readers name it.
 */

let t: TestApp;
let admin: SignedIn;
let clientId: number;

const rows = <T>(query: SQL) => queryRows<T>(t.database.db, query);
const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(inject('testNow')) });
  admin = await signIn(t.app, 'school.admin@demo.test');
  clientId = (await rows<{ id: number }>(sql`select id from clients where name = 'Kōwhai Bay School'`))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

async function listed(status: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/timesheets/list?clientIds=${clientId}&status=${status}&take=200`,
    headers: admin.headers,
  });
  return TimesheetListResponse.parse(res.json());
}

async function download(bookingId: number): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/timesheets/download/${bookingId}`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

describe('GET /v1/timesheets/download/{bookingId}', () => {
  it('prints an educator’s name with macrons and Kōwhai Bay School exactly, and the hours billed as the app writes them', async () => {
    const item = (await listed('invoiced'))[0]!;
    await t.database.db.execute(
      sql`update candidates set first_name = 'Mereana', preferred_name = null, last_name = 'Tūhoe-Pōtae' where id = ${item.candidateId}`,
    );
    const text = await download(item.bookingId);
    expect(text).toContain('Mereana Tūhoe-Pōtae');
    expect(text).toContain('Kōwhai Bay School');
    // The region's trading name beside the logo, as the portal's header names it.
    expect(text).toContain(brandFor('en-NZ').companyName);
    expect(item.billing.kind).toBe('hours');
    if (item.billing.kind !== 'hours') return;
    expect(text).toContain(
      `Hours billed ${formatDuration(item.billing.minutes, 'en-NZ')} (${item.billing.startTime}–${item.billing.endTime}`,
    );
    expect(text).toMatch(/Pay Paid by the (day|hour)/);
    expect(text).toMatch(/NZ[DS]T/);
    expect(text).not.toContain('Pacific/Auckland,');
    expect(text).not.toMatch(/Total hours|Unit (day|hour)/);
    const [y, m, d] = item.dateLocal.split('-');
    expect(text).toContain(`${Number(d)}/${m}/${y}`);
  });

  it('says no charge for a timesheet the educator says did not happen', async () => {
    const item = (await listed('pending_approval'))[0]!;
    await t.database.db.execute(
      sql`update timesheets set candidate_modification = ${JSON.stringify({ didNotHappen: true, reason: 'Unwell on the day' })}::jsonb,
            is_approved_by_candidate = false
          where booking_id = ${item.bookingId}`,
    );
    const text = await download(item.bookingId);
    expect(text).toContain('No charge (did not happen)');
    expect(text).not.toContain('Hours billed');
  });
});

describe('the timesheet PDF', () => {
  it('names the provider of the school’s region beside its logo', async () => {
    const item = (await listed('invoiced'))[1]!;
    const issuer = providerEntity(DEMO_PROVIDER_ENTITIES, 'en-NZ', null);
    const bytes = await timesheetPdf(item, 'en-NZ', issuer);
    const text = await pdfText(bytes);
    expect(text).toContain('Chalkline Education NZ Limited');
    expect(text).toContain('Hours billed');
    const raw = bytes.toString('latin1');
    for (const marker of ['/StructTreeRoot', '/Lang (en-NZ)', '/S /H1', '/S /TH']) expect(raw).toContain(marker);
  });
});
