import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@portal/db/client';
import {
  BookingContactsResponse,
  BookingLocationListResponse,
  CertificationsResponse,
  ClassificationsResponse,
  type Classification,
} from '@portal/contract/booking-reference';
import type { CreateBookingBody } from '@portal/contract/bookings';
import { CREATE_BOOKING_CODES, type CreateBookingCode } from '@portal/contract/bookings/create/failures';
import type { RuleViolation } from '@portal/contract/problems';
import {
  bookingFormSchema,
  emptyBookingForm,
  formPathOf,
  ruleContextOf,
  type BookingFormValues,
  type ReferenceData,
} from '../../web/src/features/bookings/create/booking-form-rules';
import { parseRuleMessage } from '../../web/src/features/bookings/create/booking-messages';
import { parseRuntimeConfig, setRuntimeConfig } from '../../web/src/lib/runtime-config';
import { validateExtendTimes, type ExtendTimeError } from '../../web/src/features/bookings/detail/extend-logic';
import { addDays } from '@portal/contract/query-params';
import { signIn, type SignedIn } from './auth-client';
import { bookingRequestAt, type BookingRequestSetup } from './booking-request';
import { buildTestApp, type TestApp } from './helpers';

/**
 * One rule, both sides. Each failure code of the contract's create-booking pipeline is provoked once: the request goes
 * to the server over HTTP, and the same values go through the web form's own rules (its schema, over the reference
 * data its query cache holds, read from the same API with the same clock). Both must name the same rule on the same
 * field, and the form must never flag a rule the server does not. The few codes the form cannot know (access, facts it
 * never loads) are checked on the server alone, each with why.
 */

const TEST_NOW = inject('testNow'); // Monday 16 March 2026, noon in Sydney (past the 08:00 cut-off).
let clock = new Date(TEST_NOW);
let t: TestApp;
let admin: SignedIn;
let base: BookingRequestSetup;
let reference: ReferenceData & { classifications: Classification[] };
/** The demo's app and sign-in while a case runs on another deployment. */
let demo: { t: TestApp; admin: SignedIn } | undefined;

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
  return res.statusCode === 204 ? undefined : res.json();
};
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  await rows(sql`delete from location_restrictions`);
  admin = await signIn(t.app, 'group.admin@demo.test');
  base = await bookingRequestAt(t.app, admin, 'Australia/Sydney');
  await loadReference();
});
afterAll(async () => {
  await t?.close();
});

/** What the form's query cache holds for the location, read through the API as the web app reads it. */
async function loadReference() {
  const { locationId, clientId } = base.location;
  reference = {
    classifications: ClassificationsResponse.parse((await get(`/v1/clients/${clientId}/pay-classes`)) ?? []),
    certifications: CertificationsResponse.parse(await get(`/v1/locations/${locationId}/certifications`)),
    grades: await get(`/v1/clients/${clientId}/grades`),
    contacts: BookingContactsResponse.parse(await get(`/v1/contacts/booking-contacts?locationId=${locationId}`)),
    blocks: await get(`/v1/locations/booking-blocks?locationId=${locationId}`),
    holidays: await get(`/v1/locations/${locationId}/public-holidays?fromLocal=2026-03-15&toLocal=2027-03-16`),
  };
}

/** The form's values for a request body, as a booker would have entered them. */
function valuesOf(body: CreateBookingBody): BookingFormValues {
  const classification = reference.classifications.find((c) => c.id === body.classificationId);
  const shownBreak = body.breakMinutes ?? classification?.extraValidation.defaultBreakInMins ?? 0;
  return {
    ...emptyBookingForm(),
    locationId: String(body.locationId),
    classificationId: String(body.classificationId),
    gradeIds: (body.gradeIds ?? []).map(Number),
    certificationIds: (body.certificationIds ?? []).map(Number),
    certificationsReviewed: body.certificationsReviewed ?? false,
    dates: body.dates,
    startTime: body.startTime,
    endTime: body.endTime,
    breakMinutes: String(shownBreak),
    bookingsPerDay: String(body.bookingsPerDay ?? 1),
    confirmations: body.confirmations.map((c) => ({
      email: false,
      sms: false,
      voice: false,
      push: false,
      ...c,
      bookingContactId: Number(c.bookingContactId),
    })),
    policiesAgreed: body.policiesAgreed,
  };
}

type Found = Set<string>;
const pair = (path: readonly (string | number)[], code: string) => `${path.join('.')} ${code}`;

async function serverFinds(
  body: CreateBookingBody,
): Promise<{ status: number; found: Found; violations: RuleViolation[]; fields: string[] }> {
  const res = await t.app.inject({ method: 'POST', url: '/v1/bookings', headers: admin.headers, payload: body });
  const violations: RuleViolation[] = res.json().violations ?? [];
  const fields = Object.keys(res.json().errors ?? {});
  const found = new Set(
    violations.flatMap((v) => {
      const path = formPathOf({ code: v.code as CreateBookingCode, field: v.field });
      return path ? [pair(path, v.code)] : [];
    }),
  );
  return { status: res.statusCode, found, violations, fields };
}

async function formFinds(body: CreateBookingBody): Promise<Found> {
  const locations = BookingLocationListResponse.parse(await get('/v1/locations/booking-location-list'));
  const values = valuesOf(body);
  const result = bookingFormSchema(ruleContextOf(values, locations, reference, clock)).safeParse(values);
  if (result.success) return new Set();
  return new Set(
    result.error.issues.flatMap((issue) => {
      const rule = parseRuleMessage(issue.message);
      return rule ? [pair(issue.path as (string | number)[], rule.code)] : [];
    }),
  );
}

interface Case {
  code: CreateBookingCode;
  /** The form field (path) the failure is shown on. */
  path: string;
  /** The HTTP status the server answers. */
  status: number;
  change: (body: CreateBookingBody) => void | Promise<void>;
  at?: string;
  undo?: () => Promise<void>;
  /** The body's schema (its bounds, shown in the OpenAPI document) refuses it before the pipeline: a field error only. */
  schema?: boolean;
}

const classificationWhere = (test: (c: Classification) => boolean, what: string): Classification => {
  const found = reference.classifications.find(test);
  if (!found) throw new Error(`the demo world has no classification ${what} at ${base.location.locationName}`);
  return found;
};

const weekday = '2026-03-24';
let excluded = 0;

const BOTH_SIDES: Case[] = [
  { code: 'unknownClassification', path: 'classificationId', status: 400, change: (b) => void (b.classificationId = 999_999) },
  { code: 'unknownGrade', path: 'gradeIds', status: 400, change: (b) => void (b.gradeIds = [999_999]) },
  {
    code: 'unknownCertification',
    path: 'certificationIds',
    status: 400,
    change: (b) => void Object.assign(b, { certificationIds: [...(b.certificationIds ?? []), 999_999], certificationsReviewed: true }),
  },
  {
    code: 'certificationsReview',
    path: 'certificationsReviewed',
    status: 400,
    change: (b) => void Object.assign(b, { certificationIds: (b.certificationIds ?? []).slice(1), certificationsReviewed: false }),
  },
  { code: 'noConfirmations', path: 'confirmations', status: 400, change: (b) => void (b.confirmations = []) },
  {
    code: 'duplicateConfirmation',
    path: 'confirmations.1',
    status: 400,
    change: (b) => void (b.confirmations = [b.confirmations[0]!, b.confirmations[0]!]),
  },
  {
    code: 'unknownBookingContact',
    path: 'confirmations.0',
    status: 400,
    change: (b) => void (b.confirmations = [{ bookingContactId: 999_999, email: true }]),
  },
  {
    code: 'noConfirmationMethod',
    path: 'confirmations.0',
    status: 400,
    change: (b) => void (b.confirmations = [{ bookingContactId: b.confirmations[0]!.bookingContactId, email: false }]),
  },
  {
    // A deployment without an SMS provider (not the demo): its runtime configuration offers e-mail only.
    code: 'methodNotDeliverable',
    path: 'confirmations.0',
    status: 400,
    change: async (b) => {
      demo = { t, admin };
      t = await buildTestApp({ env: { DEMO: 'false' }, now: () => clock });
      admin = await signIn(t.app, 'group.admin@demo.test');
      const runtime = parseRuntimeConfig((await t.app.inject({ method: 'GET', url: '/config.runtime.json' })).json());
      expect(runtime.confirmationMethods).toEqual(['email']);
      setRuntimeConfig(runtime);
      const contact = base.contacts.find((c) => c.methods.sms)!;
      b.confirmations = [{ bookingContactId: contact.id, sms: true }];
    },
    undo: async () => {
      setRuntimeConfig(undefined);
      await t.close();
      ({ t, admin } = demo!);
    },
  },
  {
    code: 'methodUnavailable',
    path: 'confirmations.0',
    status: 400,
    change: (b) => {
      const contact = base.contacts.find((c) => !c.methods.voice)!;
      b.confirmations = [{ bookingContactId: contact.id, voice: true }];
    },
  },
  { code: 'noDates', path: 'dates', status: 400, change: (b) => void (b.dates = []) },
  { code: 'duplicateDate', path: 'dates', status: 400, change: (b) => void (b.dates = [weekday, weekday]) },
  { code: 'weekend', path: 'dates', status: 400, change: (b) => void (b.dates = ['2026-03-21']) },
  { code: 'dateInPast', path: 'dates', status: 400, change: (b) => void (b.dates = ['2026-03-13']) },
  { code: 'tooFarAhead', path: 'dates', status: 422, change: (b) => void (b.dates = ['2027-03-22']) },
  {
    code: 'blocked',
    path: 'dates',
    status: 422,
    change: async (b) => {
      await rows(sql`insert into location_restrictions (location_id, dates_local, message_markdown)
                     values (${b.locationId}, array['2026-03-25']::date[], 'Closed for **sports day**')`);
      await loadReference();
      b.dates = ['2026-03-25'];
    },
    undo: async () => {
      await rows(sql`delete from location_restrictions`);
      await loadReference();
    },
  },
  {
    code: 'publicHoliday',
    path: 'dates',
    status: 422,
    change: (b) => {
      const holiday = reference.holidays!.holidays.find((h) => ![0, 6].includes(new Date(`${h.dateLocal}T12:00:00Z`).getUTCDay()));
      b.dates = [holiday!.dateLocal];
    },
  },
  { code: 'sameDayCutoff', path: 'dates', status: 422, change: (b) => void (b.dates = ['2026-03-16']) },
  {
    code: 'startPassed',
    path: 'dates',
    status: 422,
    // Tue 17 March 07:45 in Sydney: before the cut-off, after a 07:00 start.
    at: '2026-03-16T20:45:00Z',
    change: (b) => void Object.assign(b, { dates: ['2026-03-17'], startTime: '07:00' }),
  },
  { code: 'endBeforeStart', path: 'endTime', status: 400, change: (b) => void Object.assign(b, { startTime: '12:00', endTime: '11:00' }) },
  {
    code: 'breakOutOfRange',
    path: 'breakMinutes',
    status: 400,
    schema: true,
    change: (b) => {
      b.classificationId = classificationWhere((c) => c.extraValidation.shouldShowBreaks, 'showing breaks').id;
      Object.assign(b, { startTime: '06:00', endTime: '18:00', breakMinutes: 600 });
    },
  },
  {
    code: 'breakTooLong',
    path: 'breakMinutes',
    status: 400,
    change: (b) => {
      b.classificationId = classificationWhere(
        (c) => c.extraValidation.shouldShowBreaks && !c.extraValidation.earliestEndTime24hr,
        'showing breaks without an earliest end',
      ).id;
      Object.assign(b, { startTime: '09:00', endTime: '10:00', breakMinutes: 60 });
    },
  },
  {
    code: 'minimumDuration',
    path: 'endTime',
    status: 400,
    change: (b) => {
      const c = classificationWhere(
        (x) => (x.extraValidation.minimumDurationInMins ?? 0) > 60 && !x.extraValidation.earliestEndTime24hr,
        'with a minimum duration and no earliest end',
      );
      b.classificationId = c.id;
      Object.assign(b, { startTime: '13:00', endTime: '14:00', breakMinutes: c.extraValidation.shouldShowBreaks ? 0 : undefined });
    },
  },
  {
    code: 'endBeforeMinimum',
    path: 'endTime',
    status: 400,
    change: (b) => {
      const c = classificationWhere((x) => x.extraValidation.earliestEndTime24hr !== null, 'with an earliest end');
      b.classificationId = c.id;
      Object.assign(b, { startTime: '05:30', endTime: '06:00', breakMinutes: c.extraValidation.shouldShowBreaks ? 0 : undefined });
    },
  },
  {
    code: 'bookingsPerDay',
    path: 'bookingsPerDay',
    status: 422,
    change: (b) => void (b.bookingsPerDay = base.location.rules.maxBookingsPerDay + 1),
  },
  {
    code: 'maxBookingsAllowed',
    path: 'bookingsPerDay',
    status: 422,
    change: (b) => {
      const perDay = base.location.rules.maxBookingsPerDay;
      const days = Math.ceil((base.location.rules.maxBookingsAllowed + 1) / perDay);
      b.bookingsPerDay = perDay;
      b.dates = ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-30', '2026-03-31', '2026-04-01'].slice(
        0,
        days,
      );
    },
  },
  { code: 'policiesAgreed', path: 'policiesAgreed', status: 400, change: (b) => void (b.policiesAgreed = false) },
  {
    code: 'noClassifications',
    path: 'classificationId',
    status: 422,
    change: async () => {
      await rows(sql`update classifications set active = false where client_id = ${base.location.clientId}`);
      await loadReference();
    },
    undo: async () => {
      await rows(sql`update classifications set active = true where client_id = ${base.location.clientId}`);
      await loadReference();
    },
  },
];

/** Codes only the server can decide, each with why the form cannot; `path` is the body's. */
const SERVER_ONLY: Array<Case & { why: string }> = [
  {
    code: 'locationNotFound',
    path: 'locationId',
    status: 404,
    why: 'the form offers only the locations of the caller’s tree',
    change: (b) => void (b.locationId = 999_999),
  },
  {
    code: 'notBookable',
    path: 'locationId',
    status: 403,
    why: 'the form offers only locations the caller may book at',
    change: async (b) => {
      // A location in the viewer's tree, where it may only look.
      const [seen] = await rows<{ id: number }>(
        sql`select l.id from locations l join permission_entries pe on pe.client_id = l.client_id join contacts c on c.id = pe.contact_id
            where c.email = 'bookings.viewer@demo.test' limit 1`,
      );
      admin = await signIn(t.app, 'bookings.viewer@demo.test');
      b.locationId = seen!.id;
    },
    undo: async () => void (admin = await signIn(t.app, 'group.admin@demo.test')),
  },
  {
    code: 'breakFixed',
    path: 'breakMinutes',
    status: 400,
    why: 'the form does not send a break where the classification sets it (it shows it, read-only)',
    change: (b) => {
      b.classificationId = classificationWhere((c) => !c.extraValidation.shouldShowBreaks, 'with a set break').id;
      const set = reference.classifications.find((c) => c.id === b.classificationId)!.extraValidation.defaultBreakInMins ?? 0;
      b.breakMinutes = set + 5;
    },
  },
  {
    code: 'coveringNotAtClient',
    path: 'covering.contactId',
    status: 400,
    why: 'the form names whom a booking covers by name, never by a contact id',
    change: (b) => void (b.covering = { contactId: 999_999, reason: 'other' }),
  },
  {
    code: 'requestedCandidateUnknown',
    path: 'requestedCandidateId',
    status: 400,
    why: 'the form offers only the school’s favourite and past educators',
    change: (b) => void (b.requestedCandidateId = 999_999),
  },
  {
    code: 'requestedCandidateExcluded',
    path: 'requestedCandidateId',
    status: 400,
    why: 'the form offers only educators the school has not excluded',
    change: async (b) => {
      const [known] = await rows<{ candidate_id: number }>(
        sql`select candidate_id from client_candidates where client_id = ${base.location.clientId} and not is_excluded limit 1`,
      );
      await rows(sql`update client_candidates set is_excluded = true
                     where client_id = ${base.location.clientId} and candidate_id = ${known!.candidate_id}`);
      excluded = known!.candidate_id;
      b.requestedCandidateId = known!.candidate_id;
    },
    undo: async () => {
      await rows(sql`update client_candidates set is_excluded = false
                     where client_id = ${base.location.clientId} and candidate_id = ${excluded}`);
    },
  },
  {
    code: 'policiesChanged',
    path: 'policiesAgreed',
    status: 422,
    why: 'the form holds the version it showed; only the server knows the current one',
    change: (b) => void (b.policiesVersion = 'an-older-version'),
  },
];

async function provoke(c: Case): Promise<CreateBookingBody> {
  clock = new Date(c.at ?? TEST_NOW);
  const body = structuredClone(base.body);
  body.dates = [weekday];
  await c.change(body);
  return body;
}

describe('each create-booking failure code, through the server and through the form', () => {
  it('every code of the pipeline is provoked here', () => {
    const covered = new Set([...BOTH_SIDES, ...SERVER_ONLY].map((c) => c.code));
    expect(CREATE_BOOKING_CODES.filter((code) => !covered.has(code))).toEqual([]);
  });

  for (const c of BOTH_SIDES) {
    it(`${c.code}: the same field and code on both sides`, async () => {
      try {
        const body = await provoke(c);
        const server = await serverFinds(body);
        const form = await formFinds(body);
        const expected = `${c.path} ${c.code}`;
        expect(server.status, JSON.stringify(server.violations)).toBe(c.status);
        if (c.schema) expect(server.fields).toContain(c.path);
        else expect([...server.found]).toContain(expected);
        expect([...form]).toContain(expected);
        // The form never refuses what the server accepts.
        if (!c.schema) for (const found of form) expect([...server.found]).toContain(found);
      } finally {
        await c.undo?.();
        clock = new Date(TEST_NOW);
      }
    });
  }

  for (const c of SERVER_ONLY) {
    it(`${c.code}: decided by the server alone (${c.why})`, async () => {
      try {
        const body = await provoke(c);
        const server = await serverFinds(body);
        expect(server.status, JSON.stringify(server.violations)).toBe(c.status);
        const violation = server.violations.find((v) => v.code === c.code);
        expect(violation?.field).toBe(c.code === 'notBookable' ? undefined : c.path);
      } finally {
        await c.undo?.();
        clock = new Date(TEST_NOW);
      }
    });
  }
});

/**
 * Extend's time rules (contract bookings/extend), through the server over HTTP and through the extend dialog's own
 * check: the same field and code. The classification's minimum duration and earliest end are the server's alone (the
 * dialog does not hold the classification), as are the date rules (the dialog is offered only the days the server's
 * scheduling call allows).
 */
describe('extend’s time rules, through the server and through the extend dialog', () => {
  const DIALOG_CODE: Record<ExtendTimeError, string | undefined> = {
    required: undefined,
    invalidTime: undefined,
    startTooEarly: 'startTooEarly',
    endBeforeStart: 'endBeforeStart',
    breakRange: 'breakOutOfRange',
    breakTooLong: 'breakTooLong',
  };
  const cases: Array<{
    code: string;
    field: string;
    times: { startTime: string; endTime: string; breakMinutes: number };
    schema?: boolean;
  }> = [
    { code: 'startTooEarly', field: 'startTime', times: { startTime: '04:30', endTime: '09:00', breakMinutes: 0 } },
    { code: 'endBeforeStart', field: 'endTime', times: { startTime: '15:00', endTime: '09:00', breakMinutes: 0 } },
    { code: 'breakTooLong', field: 'breakMinutes', times: { startTime: '09:00', endTime: '10:00', breakMinutes: 60 } },
    // The body's schema bounds the break (shown in the OpenAPI document) before the rules run: a field error only.
    { code: 'breakOutOfRange', field: 'breakMinutes', times: { startTime: '06:00', endTime: '18:00', breakMinutes: 600 }, schema: true },
  ];
  let bookingId = 0;
  let endDateLocal = '';

  beforeAll(async () => {
    const [row] = await rows<{ id: number; date_local: string }>(
      sql`select b.id, b.date_local::text as date_local from bookings b join locations l on l.id = b.location_id
          join permission_entries pe on pe.client_id = b.client_id or pe.group_id = (select group_id from clients where id = b.client_id)
          join contacts ct on ct.id = pe.contact_id
          where ct.email = 'group.admin@demo.test' and b.status = 'unfilled' and l.location_type = 'school'
            and b.date_local between '2026-03-17' and '2026-04-20'
          order by b.date_local, b.id limit 1`,
    );
    bookingId = row!.id;
    endDateLocal = addDays(row!.date_local, 7);
  });

  for (const c of cases) {
    it(`${c.code}: the same field and code on both sides`, async () => {
      clock = new Date(TEST_NOW);
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/bookings/${bookingId}/extend`,
        headers: admin.headers,
        payload: { endDateLocal, ...c.times },
      });
      expect(res.statusCode, res.body).toBe(400);
      if (c.schema) expect(Object.keys(res.json().errors ?? {})).toContain(c.field);
      else expect(res.json().violations).toContainEqual(expect.objectContaining({ code: c.code, field: c.field }));
      const dialog = validateExtendTimes({ ...c.times, breakMinutes: String(c.times.breakMinutes) });
      expect(DIALOG_CODE[dialog[c.field as keyof typeof dialog]!]).toBe(c.code);
    });
  }
});
