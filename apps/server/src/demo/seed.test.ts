import { verify } from '@node-rs/argon2';
import { sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, PERMISSION_SCOPES, REPLACE_ME_STATUSES, TIMESHEET_STATUSES } from '@portal/contract/domain';
import { openDatabase, type Database } from '@portal/db/client';
import { migrateDatabase } from '@portal/db/migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDemoWorld, seedDemoWorld, type SeedReport } from './seed';
import { skipForeignKeyChecks } from './seed.repository';

/** A Tuesday: a school day in every zone of the world (Monday evening in the Americas). */
const NOW = new Date('2026-03-17T02:00:00Z');

let database: Database;
let report: SeedReport;

async function q<T = Record<string, unknown>>(query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function one<T = Record<string, unknown>>(query: SQL): Promise<T> {
  const [row] = await q<T>(query);
  if (!row) throw new Error('no row');
  return row;
}

interface Grant {
  level: 'group' | 'client' | 'location';
  node: number;
  permission: string;
}

async function grantsOf(email: string): Promise<Grant[]> {
  return q<Grant>(sql`
    select case when p.group_id is not null then 'group' when p.client_id is not null then 'client' else 'location' end as level,
           coalesce(p.group_id, p.client_id, p.location_id) as node, p.scope || '_' || p.modifier as permission
    from permission_entries p join contacts c on c.id = p.contact_id where lower(c.email) = ${email} order by p.id`);
}

const everyScopeAll = PERMISSION_SCOPES.map((scope) => `${scope}_all`).sort();

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  await migrateDatabase(database);
  report = await seedDemoWorld(database, { scale: 1, now: NOW });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('the demo world at scale 1', () => {
  it('reports what it wrote and leaves the complete marker', async () => {
    expect(report.seeded).toBe(true);
    const bookings = await one<{ n: number }>(sql`select count(*)::int as n from bookings`);
    expect(report.counts['bookings']).toBe(bookings.n);
    expect(bookings.n).toBeGreaterThan(10_000);
    const marker = await one<{ value: { complete: boolean } }>(sql`select value from meta where key = 'seed'`);
    expect(marker.value.complete).toBe(true);
  });

  it('has every demo account, all signing in with the demo password', async () => {
    const emails = [...DEMO_ACCOUNTS.map((a) => a.email), 'staff@provider.test'];
    const found = await q<{ email: string; password_hash: string }>(sql`
      select email, password_hash from contacts where email in ${emails}
      union all select email, password_hash from staff_users where email in ${emails}`);
    expect(found.map((r) => r.email).sort()).toEqual([...emails].sort());
    expect(await verify(found[0]!.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('gives group.admin an Australian group of at least 5 schools in at least 2 zones', async () => {
    const grants = await grantsOf('group.admin@demo.test');
    expect(grants.every((g) => g.level === 'group')).toBe(true);
    expect(grants.map((g) => g.permission).sort()).toEqual(everyScopeAll);
    const group = await one<{ schools: number; zones: number; countries: string[] }>(sql`
      select count(distinct c.id)::int as schools, count(distinct l.time_zone)::int as zones, array_agg(distinct c.country) as countries
      from clients c join locations l on l.client_id = c.id where c.group_id = ${grants[0]!.node}`);
    expect(group.schools).toBeGreaterThanOrEqual(5);
    expect(group.zones).toBeGreaterThanOrEqual(2);
    expect(group.countries).toEqual(['AU']);
    const contact = await one<{ language: string; overview: boolean }>(sql`
      select language, is_client_group_overview_enabled as overview from contacts where email = 'group.admin@demo.test'`);
    expect(contact).toEqual({ language: 'en-AU', overview: true });
  });

  it('gives the single-school and single-permission accounts their shapes', async () => {
    const school = await grantsOf('school.admin@demo.test');
    expect(school.every((g) => g.level === 'client')).toBe(true);
    expect(school.map((g) => g.permission).sort()).toEqual(everyScopeAll);
    const nz = await one<{ zone: string; language: string }>(sql`
      select l.time_zone as zone, (select language from contacts where email = 'school.admin@demo.test') as language
      from locations l where l.client_id = ${school[0]!.node}`);
    expect(nz).toEqual({ zone: 'Pacific/Auckland', language: 'en-NZ' });

    for (const [email, permission] of [
      ['bookings.viewer@demo.test', 'booking_view'],
      ['finance@demo.test', 'accounts_view'],
    ] as const) {
      const grants = await grantsOf(email);
      expect(grants).toHaveLength(1);
      expect(grants[0]).toMatchObject({ level: 'client', permission });
      const client = await one<{ country: string }>(sql`select country from clients where id = ${grants[0]!.node}`);
      expect(client.country).toBe('AU');
    }

    const ca = await grantsOf('ca.admin@demo.test');
    expect(ca.map((g) => g.permission).sort()).toEqual(everyScopeAll);
    const caZone = await one<{ zone: string }>(sql`select time_zone as zone from locations where client_id = ${ca[0]!.node}`);
    expect(caZone.zone).toBe('America/Toronto');

    expect(await grantsOf('no.access@demo.test')).toEqual([]);
  });

  it('gives the UK and US admins their groups', async () => {
    for (const [email, schools, zones, language] of [
      ['uk.admin@demo.test', 3, ['Europe/London'], 'en-GB'],
      ['us.admin@demo.test', 2, ['America/Chicago', 'America/New_York'], 'en-US'],
    ] as const) {
      const grants = await grantsOf(email);
      expect(grants.every((g) => g.level === 'group')).toBe(true);
      expect(grants.map((g) => g.permission).sort()).toEqual(everyScopeAll);
      const group = await one<{ schools: number; zones: string[]; language: string }>(sql`
        select count(distinct c.id)::int as schools, array_agg(distinct l.time_zone order by l.time_zone) as zones,
               (select language from contacts where email = ${email}) as language
        from clients c join locations l on l.client_id = c.id where c.group_id = ${grants[0]!.node}`);
      expect(group).toEqual({ schools, zones: [...zones], language });
    }
  });

  it('gives the teacher replace-me at a tagged location and the pending booker pending rights only', async () => {
    const teacher = await grantsOf('teacher@demo.test');
    expect(teacher).toHaveLength(1);
    expect(teacher[0]).toMatchObject({ level: 'location', permission: 'replaceMe_all' });
    const location = await one<{ tags: string[] }>(sql`select tags from locations where id = ${teacher[0]!.node}`);
    expect(location.tags).toContain('replace_me_feature_enabled');

    const pending = await grantsOf('pending.booker@demo.test');
    expect(pending.map((g) => g.permission).sort()).toEqual(['booking_view', 'pendingBooking_create', 'pendingBooking_view']);
    expect(pending.every((g) => g.level === 'client')).toBe(true);
    const inGroup = await one<{ group_id: number | null }>(sql`select group_id from clients where id = ${pending[0]!.node}`);
    const groupAdmin = await grantsOf('group.admin@demo.test');
    expect(inGroup.group_id).toBe(groupAdmin[0]!.node);
    const requests = await one<{ n: number }>(sql`
      select count(*)::int as n from booking_requests r join contacts c on c.id = r.created_by_contact_id
      where c.email = 'pending.booker@demo.test' and r.status = 'pending_approval'`);
    expect(requests.n).toBeGreaterThan(0);
  });

  it('adds the SSO trust after the world: its admin holds every permission on the group, and nothing else', async () => {
    const grants = await grantsOf('sso.admin@trust.demo.test');
    expect(grants.map((g) => g.permission).sort()).toEqual(everyScopeAll);
    expect(new Set(grants.map((g) => g.level))).toEqual(new Set(['group']));
    const ids = await one<{ trust: number; world: number }>(sql`
      select (select id from client_groups where name = 'The SSO Trust') as trust,
             (select max(id) from client_groups where name <> 'The SSO Trust') as world`);
    expect(ids.trust).toBeGreaterThan(ids.world);
    // Bookable as the world's schools are: classifications, grades, its site's certifications, two booking contacts.
    const school = await one<{ classifications: number; grades: number; certifications: number; contacts: number }>(sql`
      select (select count(*)::int from classifications x where x.client_id = c.id and x.active) as classifications,
        (select count(*)::int from grades g where g.client_id = c.id) as grades,
        (select count(*)::int from location_certifications lc join locations l on l.id = lc.location_id where l.client_id = c.id)
          as certifications,
        (select count(*)::int from booking_contacts b join locations l on l.id = b.location_id where l.client_id = c.id
          and b.email is not null and b.mobile is not null) as contacts
      from clients c where c.group_id = ${ids.trust}`);
    expect(school.classifications).toBeGreaterThan(0);
    expect(school.grades).toBeGreaterThan(0);
    expect(school.certifications).toBeGreaterThan(0);
    expect(school.contacts).toBe(2);
  });

  it('equips every client for booking', async () => {
    const clients = await q<{
      name: string;
      classifications: number;
      grades: number;
      bare_locations: number;
      thin_contacts: number;
      unblocked: number;
      invoices: number;
      paid: number;
      unpaid: number;
    }>(sql`
      select c.name,
        (select count(*)::int from classifications x where x.client_id = c.id and x.active) as classifications,
        (select count(*)::int from grades g where g.client_id = c.id) as grades,
        (select count(*)::int from locations l where l.client_id = c.id
           and not exists (select 1 from location_certifications lc where lc.location_id = l.id)) as bare_locations,
        (select count(*)::int from locations l where l.client_id = c.id and (select count(*) from booking_contacts b
           where b.location_id = l.id and b.active and b.email is not null and b.mobile is not null) < 2) as thin_contacts,
        (select count(*)::int from locations l where l.client_id = c.id and not exists (select 1 from location_restrictions r
           where r.location_id = l.id and r.dates_local[1] >= ${NOW.toISOString().slice(0, 10)}::date
           and r.message_markdown <> '')) as unblocked,
        (select count(*)::int from invoices i where i.client_id = c.id) as invoices,
        (select count(*)::int from invoices i where i.client_id = c.id and i.paid_at is not null) as paid,
        (select count(*)::int from invoices i where i.client_id = c.id and i.paid_at is null) as unpaid
      from clients c
      -- The SSO trust (sso-trust.ts) is added after the generated world, without its activity (its own test is above).
      where c.group_id is distinct from (select id from client_groups where name = 'The SSO Trust')
      order by c.id`);
    expect(clients.length).toBeGreaterThanOrEqual(15);
    for (const client of clients) {
      expect(client.classifications, client.name).toBeGreaterThan(0);
      expect(client.grades, client.name).toBeGreaterThan(0);
      expect(client.bare_locations, client.name).toBe(0);
      expect(client.thin_contacts, client.name).toBe(0);
      expect(client.unblocked, client.name).toBe(0);
      expect(client.invoices, client.name).toBeGreaterThanOrEqual(15);
      expect(client.paid, client.name).toBeGreaterThan(0);
      expect(client.unpaid, client.name).toBeGreaterThan(0);
    }
  });

  it('adds up every invoice and taxes it by country', async () => {
    const bad = await q(sql`
      select i.invoice_no from invoices i join invoice_lines l on l.invoice_id = i.id
      group by i.id having sum(l.amount_minor) <> i.subtotal_minor or sum(l.tax_minor) <> i.tax_minor
        or i.total_minor <> i.subtotal_minor + i.tax_minor`);
    expect(bad).toEqual([]);
    const rates = await q<{ country: string; rate: number }>(sql`
      select c.country, round(sum(i.tax_minor) * 100.0 / sum(i.subtotal_minor))::int as rate
      from invoices i join clients c on c.id = i.client_id group by c.country order by c.country`);
    expect(Object.fromEntries(rates.map((r) => [r.country, r.rate]))).toEqual({ AU: 10, CA: 13, GB: 20, NZ: 15, SG: 0, US: 0 });
  });

  it('has bookings in every status, block bookings and pending approvals', async () => {
    const statuses = await q<{ status: string }>(sql`select distinct status::text from bookings`);
    expect(statuses.map((s) => s.status).sort()).toEqual([...BOOKING_STATUSES].sort());
    const today = NOW.toISOString().slice(0, 10);
    const byTime = await one<{ past_open: number; future_done: number }>(sql`
      select count(*) filter (where date_local < ${today}::date - 1 and status in ('unfilled', 'filled', 'pending_approval', 'commenced'))::int as past_open,
             count(*) filter (where date_local > ${today}::date + 1 and status in ('completed', 'commenced'))::int as future_done
      from bookings`);
    expect(byTime).toEqual({ past_open: 0, future_done: 0 });

    // An educator's booking is commenced between its start and end instants (its location's zone), completed after.
    const wrong = await one<{ n: number }>(sql`
      select count(*)::int as n from bookings where candidate_id is not null and status in ('filled', 'commenced', 'completed') and
        status::text <> case when end_utc <= ${NOW.toISOString()}::timestamptz then 'completed'
                             when start_utc <= ${NOW.toISOString()}::timestamptz then 'commenced' else 'filled' end`);
    expect(wrong.n).toBe(0);
  });

  it('sets today’s statuses by the school’s own zone: before the start in London, after it in Sydney, done in New York', async () => {
    // 02:00 Tuesday in London, 13:00 Tuesday in Sydney, 22:00 Monday in New York.
    const statusesOf = async (zone: string, date: string) =>
      (
        await q<{ status: string }>(sql`
          select distinct status::text from bookings where time_zone = ${zone} and date_local = ${date}
            and status in ('filled', 'commenced', 'completed') order by 1`)
      ).map((r) => r.status);
    expect(await statusesOf('Europe/London', '2026-03-17')).toEqual(['filled']);
    // Morning half days have ended by 13:00.
    expect(await statusesOf('Australia/Sydney', '2026-03-17')).toEqual(['commenced', 'completed']);
    expect(await statusesOf('America/New_York', '2026-03-16')).toEqual(['completed']);

    const blocks = await q<{ reference: string; total: number; positions: number; min: number; max: number }>(sql`
      select r.series_reference as reference, max(b.series_total)::int as total, count(distinct b.series_position)::int as positions,
             min(b.series_position)::int as min, max(b.series_position)::int as max
      from booking_requests r join bookings b on b.request_id = r.id
      where r.series_reference is not null group by r.id`);
    expect(blocks.length).toBeGreaterThan(20);
    for (const block of blocks) {
      expect(block.reference).toMatch(/^BLK-/);
      expect(block).toMatchObject({ min: 1, max: block.total, positions: block.total });
    }
    const pending = await one<{ requests: number; mismatched: number }>(sql`
      select count(distinct r.id)::int as requests, count(*) filter (where b.status <> 'pending_approval')::int as mismatched
      from booking_requests r join bookings b on b.request_id = r.id where r.status = 'pending_approval'`);
    expect(pending.requests).toBeGreaterThan(10);
    expect(pending.mismatched).toBe(0);
  });

  it('stores UTC instants that match the local date, time and zone', async () => {
    const sample = await q<{
      date_local: string;
      start_time_local: string;
      end_time_local: string;
      time_zone: string;
      start_utc: string;
      end_utc: string;
    }>(sql`
      select date_local::text, start_time_local::text, end_time_local::text, time_zone,
             to_char(start_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as start_utc,
             to_char(end_utc at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as end_utc
      from bookings where id % 97 = 0`);
    expect(new Set(sample.map((s) => s.time_zone)).size).toBeGreaterThanOrEqual(8);
    for (const s of sample) {
      const toUtc = (time: string) =>
        DateTime.fromISO(`${s.date_local}T${time}`, { zone: s.time_zone }).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'Z'");
      expect(s.start_utc).toBe(toUtc(s.start_time_local));
      expect(s.end_utc).toBe(toUtc(s.end_time_local));
    }
    // Across a daylight-saving change: Sydney is UTC+11 in January and UTC+10 in July.
    const sydney = await q<{ month: number; offset: number }>(sql`
      select extract(month from date_local)::int as month,
             min(extract(epoch from (date_local + start_time_local) - (start_utc at time zone 'UTC')) / 3600)::int as offset
      from bookings where time_zone = 'Australia/Sydney' and extract(month from date_local) in (1, 7) group by 1 order by 1`);
    expect(sydney).toEqual([
      { month: 1, offset: 11 },
      { month: 7, offset: 10 },
    ]);
  });

  it('has timesheets in every state, including educator changes and days that did not happen', async () => {
    const states = await q<{ status: string }>(sql`select distinct status::text from timesheets`);
    expect(states.map((s) => s.status).sort()).toEqual([...TIMESHEET_STATUSES].sort());
    const kinds = await one<{ modified: number; did_not_happen: number; modified_approved: number; invoiced_without: number }>(sql`
      select count(*) filter (where candidate_modification ? 'startTimeLocal')::int as modified,
             count(*) filter (where candidate_modification ? 'didNotHappen')::int as did_not_happen,
             count(*) filter (where candidate_modification is not null and is_approved_by_candidate)::int as modified_approved,
             count(*) filter (where status = 'invoiced' and invoice_id is null)::int as invoiced_without
      from timesheets`);
    expect(kinds.modified).toBeGreaterThan(0);
    expect(kinds.did_not_happen).toBeGreaterThan(0);
    expect(kinds.modified_approved).toBe(0);
    expect(kinds.invoiced_without).toBe(0);
    const decisions = await q<{ decision: string }>(sql`select distinct decision::text from timesheets where decision is not null`);
    expect(decisions.map((d) => d.decision).sort()).toEqual(['approved', 'did_not_happen', 'modified']);
  });

  it('shows every demo account with timesheets view each timesheet state and kind at its own clients', async () => {
    const rows = await q<{
      email: string;
      states: string;
      modified: number;
      did_not_happen: number;
      reviews: string;
      review_kept: number;
    }>(sql`
      with account as (
        select ct.email, c.id as client_id from contacts ct join permission_entries pe on pe.contact_id = ct.id
        join clients c on c.id = pe.client_id or c.group_id = pe.group_id
        where ct.email like '%@demo.test' and pe.scope = 'timesheets' group by 1, 2)
      select a.email, string_agg(distinct t.status::text, ',' order by t.status::text) as states,
        count(*) filter (where t.status = 'pending_approval' and t.candidate_modification ? 'startTimeLocal')::int as modified,
        count(*) filter (where t.status = 'pending_approval' and t.candidate_modification ? 'didNotHappen')::int as did_not_happen,
        string_agg(distinct t.decision::text, ',' order by t.decision::text) filter (where t.status = 'pending_review') as reviews,
        count(*) filter (where t.status = 'pending_review' and t.client_modification is null)::int as review_kept
      from account a join timesheets t on t.client_id = a.client_id group by 1 order by 1`);
    expect(rows.map((r) => r.email)).toEqual(
      expect.arrayContaining([
        'group.admin@demo.test',
        'school.admin@demo.test',
        'uk.admin@demo.test',
        'us.admin@demo.test',
        'ca.admin@demo.test',
      ]),
    );
    for (const row of rows) {
      expect(row.states, row.email).toBe([...TIMESHEET_STATUSES].sort().join(','));
      expect(row.modified, row.email).toBeGreaterThan(0);
      expect(row.did_not_happen, row.email).toBeGreaterThan(0);
      expect(row.reviews, row.email).toBe('did_not_happen,modified');
      expect(row.review_kept, row.email).toBe(0);
    }
  });

  it('keeps a coherent timeline: nothing after now, decisions after requests, educators only where filled', async () => {
    const now = NOW.toISOString();
    const row = await one<Record<string, number>>(sql`select
      (select count(*)::int from booking_requests where created_at > ${now}::timestamptz) as requests_after_now,
      (select count(*)::int from booking_requests where decided_at < created_at or decided_at > ${now}::timestamptz) as odd_decisions,
      (select count(*)::int from booking_requests r where created_at > (select min(start_utc) from bookings b where b.request_id = r.id)) as asked_after_start,
      (select count(*)::int from bookings where cancelled_at > ${now}::timestamptz) as cancelled_after_now,
      (select count(*)::int from bookings where (status in ('filled', 'commenced', 'completed')) <> (candidate_id is not null)) as odd_educators,
      (select count(*)::int from timesheets t join bookings b on b.id = t.booking_id where b.status <> 'completed' or t.candidate_id <> b.candidate_id) as odd_timesheets,
      (select count(*)::int from invoices where paid_at > ${now}::timestamptz or paid_at < issue_date) as odd_payments`);
    expect(Object.values(row).every((n) => n === 0)).toBe(true);
    expect(row).toMatchObject({ requests_after_now: 0, odd_educators: 0, odd_timesheets: 0 });
  });

  it('has the teacher’s replace-me requests in every state, feedback, help files and no active banner', async () => {
    const states = await q<{ status: string }>(sql`
      select distinct r.status::text from replace_me_requests r join contacts c on c.id = r.contact_id where c.email = 'teacher@demo.test'`);
    expect(states.map((s) => s.status).sort()).toEqual([...REPLACE_ME_STATUSES].sort());
    const feedback = await one<{ n: number; unflagged: number }>(sql`
      select count(*)::int as n, count(*) filter (where not b.feedback_completed)::int as unflagged
      from feedback f join bookings b on b.id = f.booking_id`);
    expect(feedback.n).toBeGreaterThanOrEqual(2);
    expect(feedback.unflagged).toBe(0);
    const files = await q<{ head: string }>(sql`select encode(substring(data from 1 for 5), 'escape') as head from general_files`);
    expect(files.map((f) => f.head)).toEqual(['%PDF-', '%PDF-']);
    const banners = await one<{ n: number }>(sql`select count(*)::int as n from service_status where active`);
    expect(banners.n).toBe(0);
  });

  it('moves every identity past the seeded ids', async () => {
    const [row] = await q<{ id: number }>(sql`
      insert into client_groups (name) values ('After the seed') returning id`);
    const max = await one<{ n: number }>(sql`select max(id)::int as n from client_groups where name <> 'After the seed'`);
    expect(row!.id).toBeGreaterThan(max.n);
    await q(sql`delete from client_groups where name = 'After the seed'`);
  });
});

describe('seeding again', () => {
  const fingerprint = async () =>
    one<{ contacts: string; bookings: string; timesheets: string; invoices: string }>(sql`
      select
        (select md5(string_agg(concat_ws('|', id, first_name, last_name, email, language, phone), ',' order by id)) from contacts) as contacts,
        (select md5(string_agg(concat_ws('|', id, request_id, location_id, date_local, start_time_local, end_time_local, start_utc,
            end_utc, status, candidate_id, series_position, cancel_reason, created_at), ',' order by id)) from bookings) as bookings,
        (select md5(string_agg(concat_ws('|', id, booking_id, status, decision, candidate_modification::text, invoice_id), ',' order by id)) from timesheets) as timesheets,
        (select md5(string_agg(concat_ws('|', id, invoice_no, total_minor, paid_at), ',' order by id)) from invoices) as invoices`);

  it('is deterministic for the same scale and now', async () => {
    await seedDemoWorld(database, { scale: 0.1, now: NOW });
    const first = await fingerprint();
    await seedDemoWorld(database, { scale: 0.1, now: NOW });
    expect(await fingerprint()).toEqual(first);
    await seedDemoWorld(database, { scale: 0.1, now: new Date(NOW.getTime() + 7 * 86_400_000) });
    expect((await fingerprint()).bookings).not.toBe(first.bookings);
  }, 60_000);

  it('leaves a complete world alone', async () => {
    const before = await one<{ n: number }>(sql`select count(*)::int as n from bookings`);
    const again = await ensureDemoWorld(database, { scale: 0.1, now: NOW });
    expect(again.seeded).toBe(false);
    expect(again.counts['bookings']).toBe(before.n);
  });

  it('wipes and reseeds a world whose seeding was interrupted', async () => {
    await q(sql`truncate table meta, bookings, booking_requests, contacts, permission_entries cascade`);
    await q(sql`insert into contacts (first_name, last_name, email) values ('Half', 'Seeded', 'half.seeded@demo.test')`);
    const lines: string[] = [];
    const repaired = await ensureDemoWorld(database, { scale: 0.1, now: NOW, log: (line) => lines.push(line) });
    expect(repaired.seeded).toBe(true);
    expect(lines.join('\n')).toMatch(/did not finish/);
    const state = await one<{ half: number; accounts: number; bookings: number; complete: boolean }>(sql`
      select (select count(*)::int from contacts where email = 'half.seeded@demo.test') as half,
             (select count(*)::int from contacts where email like '%@demo.test' and email in ${DEMO_ACCOUNTS.map((a) => a.email)}) as accounts,
             (select count(*)::int from bookings) as bookings,
             (select (value->>'complete')::boolean from meta where key = 'seed') as complete`);
    expect(state).toEqual({ half: 0, accounts: DEMO_ACCOUNTS.length, bookings: repaired.counts['bookings'], complete: true });
  }, 60_000);

  it('loads a large world without foreign-key triggers only inside its own transaction', async () => {
    const orphan = sql`insert into client_candidates (client_id, candidate_id) values (999999, 999999)`;
    await expect(
      database.db.transaction(async (tx) => {
        await skipForeignKeyChecks(tx);
        // With the checks on, this insert fails (foreign key violation) and the rejection below names that instead.
        await tx.execute(orphan);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // Outside that transaction the references are checked again.
    await expect(database.db.execute(orphan)).rejects.toThrow();
  });

  const indexes = async () =>
    (await q<{ d: string }>(sql`select indexdef as d from pg_indexes where schemaname = current_schema() order by indexname`)).map(
      (row) => row.d,
    );

  it('builds every index it left out while loading, also after a seeding that stopped half-way', async () => {
    const migrated = await indexes();
    expect(migrated.some((d) => d.includes('ON public.bookings'))).toBe(true);
    await seedDemoWorld(database, { scale: 0.1, now: NOW });
    expect(await indexes()).toEqual(migrated);
    // Stopped during the load: the marker lists the indexes that were dropped and are not back yet.
    const [marker] = await q<{ value: { deferredIndexes: Array<{ name: string }> } }>(sql`select value from meta where key = 'seed'`);
    expect(marker!.value).not.toHaveProperty('deferredIndexes');
    await seedDemoWorld(database, { scale: 0.1, now: NOW });
    const dropped = await q<{ name: string; definition: string }>(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename in ('bookings', 'timesheets') and indexdef not like 'CREATE UNIQUE%'`);
    expect(dropped.length).toBeGreaterThan(3);
    for (const index of dropped) await q(sql`drop index ${sql.identifier(index.name)}`);
    await q(
      sql`update meta set value = jsonb_set(value, '{complete}', 'false') || jsonb_build_object('deferredIndexes', ${JSON.stringify(dropped)}::jsonb) where key = 'seed'`,
    );
    expect((await indexes()).length).toBeLessThan(migrated.length);
    await ensureDemoWorld(database, { scale: 0.1, now: NOW });
    expect(await indexes()).toEqual(migrated);
  }, 90_000);
});
