import {
  LOCATION_TAGS,
  PERMISSION_SCOPES,
  type Locale,
  type LocationType,
  type PermissionModifier,
  type PermissionScope,
} from '@portal/contract/domain';
import { addWeekdays, isWeekend, localToday, minutesOfTime, rollToWeekday, isoOfDay, ZoneOffsets } from './calendar';
import { ascii, buildNamePools, emailLocal, nicknameOf, slug, type NamePool } from './names';
import { Random } from './random';
import {
  CANDIDATE_SUMMARIES,
  COUNTRIES,
  GROUP_PLACES,
  RESTRICTION_MESSAGES,
  SAINTS,
  SURNAMES_FOR_SCHOOLS,
  type City,
  type ClassificationTemplate,
  type CountryCode,
  type CountryProfile,
} from './reference-data';
import { simplePdf } from './simple-pdf';
import type { InsertRow } from './world-rows.repository';

/**
 * The organisational half of the demo world: groups, schools, locations, people and their permissions, pay
 * classes, grades, certifications, booking contacts, booking blocks and educator pools. Built in memory (it is
 * small even at scale 100); the activity generator then walks its pools.
 */

export interface PlanLocation {
  id: number;
  clientId: number;
  name: string;
  timeZone: string;
  type: LocationType;
  startMin: number;
  endMin: number;
  lunchMinutes: number;
  templateRequired: boolean;
  /** The location's own "today" (local date as a day number). */
  today: number;
  /** Mean bookings per weekday. */
  rate: number;
  bookingContactIds: number[];
  certificationIds: number[];
  blockedDays: Set<number>;
}

export interface PlanClassification {
  id: number;
  title: string;
  unit: 'hourly' | 'daily';
  rateMinor: number;
  minimumDurationInMins: number | null;
  earliestEndMin: number | null;
  defaultBreakInMins: number | null;
  weight: number;
}

export interface PlanClient {
  id: number;
  groupId: number | null;
  name: string;
  country: CountryProfile;
  locations: PlanLocation[];
  classifications: PlanClassification[];
  gradeIds: number[];
  /** Contacts who create approved bookings (repeats weight the choice). */
  creatorIds: number[];
  approverIds: number[];
  pendingBookerIds: number[];
  timesheetApproverIds: number[];
}

export interface PlanPool {
  country: CountryProfile;
  clients: PlanClient[];
  /** Consecutive candidate ids of this pool, with their display names. */
  candidateIds: number[];
  candidateNames: string[];
  /** Names of teachers at these schools, for the colleague a booking covers. */
  staffNames: string[];
}

export interface WorldRows {
  clientGroups: InsertRow<'clientGroups'>[];
  clients: InsertRow<'clients'>[];
  locations: InsertRow<'locations'>[];
  contacts: InsertRow<'contacts'>[];
  permissionEntries: InsertRow<'permissionEntries'>[];
  staffUsers: InsertRow<'staffUsers'>[];
  certifications: InsertRow<'certifications'>[];
  classifications: InsertRow<'classifications'>[];
  grades: InsertRow<'grades'>[];
  locationCertifications: InsertRow<'locationCertifications'>[];
  bookingContacts: InsertRow<'bookingContacts'>[];
  locationRestrictions: InsertRow<'locationRestrictions'>[];
  candidates: InsertRow<'candidates'>[];
  generalFiles: InsertRow<'generalFiles'>[];
  serviceStatus: InsertRow<'serviceStatus'>[];
}

export interface WorldPlan {
  rows: WorldRows;
  pools: PlanPool[];
  staffUserId: number;
  /** The replace-me demo: teacher@demo.test at a tagged location. */
  teacher: { contactId: number; name: string; clientId: number; locationId: number };
}

export const DEMO_DOMAIN = 'demo.test';

type ClientKind = 'primary' | 'secondary' | 'combined' | 'early';

interface ClientSpec {
  name: string;
  city: string;
  suburb: string;
  kind: ClientKind;
  rate: number;
  campuses?: string[];
  replaceMe?: boolean;
}

interface GroupSpec {
  name: string;
  country: CountryCode;
  clients: ClientSpec[];
}

type Grant = { level: 'group' | 'client' | 'location'; nodeId: number; scope: PermissionScope; modifier: PermissionModifier };

const everyScope = (level: Grant['level'], nodeId: number): Grant[] =>
  PERMISSION_SCOPES.map((scope) => ({ level, nodeId, scope, modifier: 'all' }));

/** The hand-made part of the world that the demo accounts use. */
const BASE_GROUPS: GroupSpec[] = [
  {
    name: 'Southern Cross Schools Group',
    country: 'AU',
    clients: [
      { name: 'Harbourside Primary School', city: 'Sydney', suburb: 'Manly', kind: 'primary', rate: 6, replaceMe: true },
      {
        name: 'Blue Gum College',
        city: 'Sydney',
        suburb: 'Hornsby',
        kind: 'combined',
        rate: 5,
        campuses: ['Junior Campus', 'Senior Campus'],
      },
      { name: 'Little Gumnuts Early Learning', city: 'Sydney', suburb: 'Marrickville', kind: 'early', rate: 3 },
      { name: 'Riverbend State School', city: 'Brisbane', suburb: 'Indooroopilly', kind: 'primary', rate: 5 },
      { name: 'Swan Valley Grammar', city: 'Perth', suburb: 'Midland', kind: 'secondary', rate: 6 },
      { name: 'Yarra Hills Secondary College', city: 'Melbourne', suburb: 'Box Hill', kind: 'secondary', rate: 6 },
    ],
  },
  {
    name: 'Thames Meadow Learning Trust',
    country: 'GB',
    clients: [
      { name: 'Meadowbank Primary Academy', city: 'London', suburb: 'Islington', kind: 'primary', rate: 5 },
      { name: "St Aldric's Church of England Primary School", city: 'London', suburb: 'Lewisham', kind: 'primary', rate: 4 },
      { name: 'Kingsbridge Academy', city: 'London', suburb: 'Croydon', kind: 'secondary', rate: 6 },
    ],
  },
  {
    name: 'Lakeshore Unified School District',
    country: 'US',
    clients: [
      { name: 'Lincoln Park Elementary School', city: 'Chicago', suburb: 'Lincoln Park', kind: 'primary', rate: 5 },
      { name: 'Hudson Heights Middle School', city: 'New York', suburb: 'Harlem', kind: 'secondary', rate: 5 },
    ],
  },
];

const BASE_STANDALONE: Array<ClientSpec & { country: CountryCode }> = [
  { name: 'Wattle Grove Primary School', country: 'AU', city: 'Adelaide', suburb: 'Unley', kind: 'primary', rate: 4 },
  { name: 'Kōwhai Bay School', country: 'NZ', city: 'Auckland', suburb: 'Takapuna', kind: 'primary', rate: 4 },
  { name: 'Maple Ridge Public School', country: 'CA', city: 'Toronto', suburb: 'North York', kind: 'primary', rate: 4 },
  { name: 'Harbourview International School', country: 'SG', city: 'Singapore', suburb: 'Bukit Timah', kind: 'combined', rate: 3 },
];

interface DemoAccountSpec {
  email: string;
  first: string;
  last: string;
  language: Locale;
  overview: boolean;
  description: string;
  /** Feature flags where this contact differs from DEFAULT_FEATURES (spec §3; contacts.features). */
  features?: Record<string, boolean>;
}

export const DEMO_ACCOUNT_SPECS = {
  groupAdmin: {
    email: 'group.admin@demo.test',
    first: 'Grace',
    last: 'Whitfield',
    language: 'en-AU',
    overview: true,
    description: 'Australian school group (6 schools, 4 time zones): every permission at group level, group overview',
  },
  schoolAdmin: {
    email: 'school.admin@demo.test',
    first: 'Aroha',
    last: 'Ngata',
    language: 'en-NZ',
    overview: false,
    description: 'one New Zealand school (Pacific/Auckland): every permission at client level',
  },
  bookingsViewer: {
    email: 'bookings.viewer@demo.test',
    first: 'Liam',
    last: 'Carter',
    language: 'en-AU',
    overview: false,
    description: 'one Australian school (Adelaide): booking_view only',
  },
  finance: {
    email: 'finance@demo.test',
    first: 'Priya',
    last: 'Raman',
    language: 'en-AU',
    overview: false,
    description: 'one Australian school (Adelaide): accounts_view only',
  },
  ukAdmin: {
    email: 'uk.admin@demo.test',
    first: 'Harriet',
    last: 'Ellis',
    language: 'en-GB',
    overview: true,
    description: 'UK trust of 3 schools (Europe/London): every permission at group level',
  },
  usAdmin: {
    email: 'us.admin@demo.test',
    first: 'Marcus',
    last: 'Reed',
    language: 'en-US',
    overview: true,
    description: 'US district of 2 schools (New York, Chicago): every permission at group level',
  },
  caAdmin: {
    email: 'ca.admin@demo.test',
    first: 'Chloé',
    last: 'Tremblay',
    language: 'en-CA',
    overview: false,
    description: 'one Canadian school (America/Toronto): every permission at client level',
  },
  teacher: {
    email: 'teacher@demo.test',
    first: 'Sam',
    last: 'Nguyen',
    language: 'en-AU',
    overview: false,
    description: 'a teacher at Harbourside Primary (replace-me enabled): replaceMe_all at that location',
  },
  noAccess: {
    email: 'no.access@demo.test',
    first: 'Jordan',
    last: 'Blake',
    language: 'en-AU',
    overview: false,
    description: 'a contact with no client in its permissions',
  },
  pendingBooker: {
    email: 'pending.booker@demo.test',
    first: 'Mia',
    last: 'Rossi',
    language: 'en-AU',
    overview: false,
    description: 'one school of the Australian group: pendingBooking_create, pendingBooking_view, booking_view (no booking_create)',
  },
  intlAdmin: {
    email: 'intl.admin@demo.test',
    first: 'Wei Ling',
    last: 'Tan',
    language: 'en',
    overview: false,
    description:
      'an international school in Singapore (locale en, USD): every permission at client level; extending bookings switched off for this contact (feature flag)',
    features: { enableExtendBooking: false },
  },
} satisfies Record<string, DemoAccountSpec>;

export const STAFF_ACCOUNT = { email: 'staff@provider.test', name: 'Provider Support' } as const;

export interface PlanOptions {
  now: Date;
  scale: number;
  passwordHash: string;
  seed: number;
}

class Ids {
  private readonly next = new Map<string, number>();
  take(table: string): number {
    const id = (this.next.get(table) ?? 0) + 1;
    this.next.set(table, id);
    return id;
  }
}

export function planWorld(options: PlanOptions): { plan: WorldPlan; ids: Ids; offsets: ZoneOffsets } {
  const builder = new WorldBuilder(options);
  builder.build();
  return { plan: builder.plan, ids: builder.ids, offsets: builder.offsets };
}

export type { Ids };

class WorldBuilder {
  readonly ids = new Ids();
  readonly offsets = new ZoneOffsets();
  private readonly rng: Random;
  private readonly names: Record<CountryCode, NamePool>;
  private readonly emails = new Set<string>();
  private readonly certIds = new Map<string, number>();
  private readonly nowMs: number;
  private readonly density: number;
  readonly plan: WorldPlan;

  constructor(private readonly options: PlanOptions) {
    this.rng = new Random(options.seed);
    this.names = buildNamePools(options.seed);
    this.nowMs = options.now.getTime();
    this.density = Math.min(1, Math.max(0.02, options.scale));
    this.plan = {
      rows: {
        clientGroups: [],
        clients: [],
        locations: [],
        contacts: [],
        permissionEntries: [],
        staffUsers: [],
        certifications: [],
        classifications: [],
        grades: [],
        locationCertifications: [],
        bookingContacts: [],
        locationRestrictions: [],
        candidates: [],
        generalFiles: [],
        serviceStatus: [],
      },
      pools: [],
      staffUserId: 0,
      teacher: { contactId: 0, name: '', clientId: 0, locationId: 0 },
    };
  }

  private daysAgo(days: number): Date {
    return new Date(this.nowMs - days * 86_400_000);
  }

  build(): void {
    const { rows } = this.plan;
    this.plan.staffUserId = this.ids.take('staff_users');
    rows.staffUsers.push({
      id: this.plan.staffUserId,
      email: STAFF_ACCOUNT.email,
      name: STAFF_ACCOUNT.name,
      passwordHash: this.options.passwordHash,
      createdAt: this.daysAgo(400),
    });
    for (const country of Object.values(COUNTRIES)) {
      for (const name of country.certifications) {
        if (this.certIds.has(name)) continue;
        const id = this.ids.take('certifications');
        this.certIds.set(name, id);
        rows.certifications.push({ id, name });
      }
    }

    const A = DEMO_ACCOUNT_SPECS;
    const [auSpec, ukSpec, usSpec] = BASE_GROUPS as [GroupSpec, GroupSpec, GroupSpec];
    const au = this.addGroup(auSpec, false);
    const auGroupId = au.clients[0]!.groupId!;
    const harbourside = au.clients[0]!;
    const harbourLocation = harbourside.locations[0]!;
    const groupAdminId = this.addContact(A.groupAdmin, everyScope('group', auGroupId));
    const teacherId = this.addContact(A.teacher, [{ level: 'location', nodeId: harbourLocation.id, scope: 'replaceMe', modifier: 'all' }]);
    this.plan.teacher = {
      contactId: teacherId,
      name: `${A.teacher.first} ${A.teacher.last}`,
      clientId: harbourside.id,
      locationId: harbourLocation.id,
    };
    const pendingId = this.addContact(A.pendingBooker, [
      { level: 'client', nodeId: harbourside.id, scope: 'pendingBooking', modifier: 'create' },
      { level: 'client', nodeId: harbourside.id, scope: 'pendingBooking', modifier: 'view' },
      { level: 'client', nodeId: harbourside.id, scope: 'booking', modifier: 'view' },
    ]);
    harbourside.pendingBookerIds.unshift(pendingId, pendingId, pendingId);
    // The demo's bookers at Harbourside receive confirmations there too, so the form offers them first.
    for (const [contactId, spec] of [
      [pendingId, A.pendingBooker],
      [groupAdminId, A.groupAdmin],
    ] as const) {
      for (const location of harbourside.locations) {
        this.plan.rows.bookingContacts.push({
          id: this.ids.take('booking_contacts'),
          locationId: location.id,
          contactId,
          name: `${spec.first} ${spec.last}`,
          email: spec.email,
          mobile: null,
          canReceiveVoice: false,
          active: true,
        });
      }
    }
    this.plan.pools.push(au);

    const uk = this.addGroup(ukSpec, false);
    this.addContact(A.ukAdmin, everyScope('group', uk.clients[0]!.groupId!));
    this.plan.pools.push(uk);
    const us = this.addGroup(usSpec, false);
    this.addContact(A.usAdmin, everyScope('group', us.clients[0]!.groupId!));
    this.plan.pools.push(us);

    for (const spec of BASE_STANDALONE) {
      const pool = this.addGroup({ name: '', country: spec.country, clients: [spec] }, true);
      const client = pool.clients[0]!;
      if (spec.country === 'AU') {
        this.addContact(A.bookingsViewer, [{ level: 'client', nodeId: client.id, scope: 'booking', modifier: 'view' }]);
        this.addContact(A.finance, [{ level: 'client', nodeId: client.id, scope: 'accounts', modifier: 'view' }]);
      } else if (spec.country === 'NZ') this.addContact(A.schoolAdmin, everyScope('client', client.id));
      else if (spec.country === 'CA') this.addContact(A.caAdmin, everyScope('client', client.id));
      else if (spec.country === 'SG') this.addContact(A.intlAdmin, everyScope('client', client.id));
      this.plan.pools.push(pool);
    }
    this.addContact(A.noAccess, []);

    this.addGeneratedWorld();
    this.addFilesAndStatus();
  }

  /** Extra schools for --scale N > 1: about 5 per unit of scale, in groups of 3 to 8 or on their own. */
  private addGeneratedWorld(): void {
    const rng = this.rng.fork(17);
    let remaining = this.options.scale > 1 ? Math.round(5 * (this.options.scale - 1)) : 0;
    let groupNo = 0;
    let schoolNo = 0;
    while (remaining > 0) {
      const code = rng.weighted<CountryCode>([
        ['AU', 40],
        ['GB', 20],
        ['US', 20],
        ['CA', 10],
        ['NZ', 10],
      ]);
      const country = COUNTRIES[code];
      const standalone = rng.chance(0.15) || remaining < 3;
      const size = standalone ? 1 : Math.min(remaining, rng.int(3, 8));
      remaining -= size;
      const mainCity = rng.pick(country.cities);
      const clients: ClientSpec[] = [];
      for (let i = 0; i < size; i++) {
        const city = rng.chance(0.75) ? mainCity : rng.pick(country.cities);
        const [suburb] = rng.pick(city.suburbs);
        const kind = rng.weighted<ClientKind>([
          ['primary', 55],
          ['secondary', 30],
          ['combined', 10],
          ['early', 5],
        ]);
        clients.push({
          name: this.schoolName(rng, country, kind, suburb),
          city: city.name,
          suburb,
          kind,
          rate: 8 * (0.7 + rng.next() * 0.6),
          ...(rng.chance(0.1) && kind !== 'early' ? { campuses: ['North Campus', 'South Campus'] } : {}),
          ...(rng.chance(0.2) ? { replaceMe: true } : {}),
        });
      }
      const place = rng.pick(GROUP_PLACES[code]);
      const groupName = rng.pick(country.groupNames).replace('{place}', place);
      const pool = this.addGroup({ name: groupName, country: code, clients }, standalone);
      const [firstName, lastName] = this.personName(rng, code);
      if (standalone) {
        schoolNo++;
        this.addContact(
          {
            email: `school${schoolNo}.admin@${DEMO_DOMAIN}`,
            first: firstName,
            last: lastName,
            language: country.locale,
            overview: false,
            description: '',
          },
          everyScope('client', pool.clients[0]!.id),
        );
      } else {
        groupNo++;
        this.addContact(
          {
            email: `group${groupNo}.admin@${DEMO_DOMAIN}`,
            first: firstName,
            last: lastName,
            language: country.locale,
            overview: true,
            description: '',
          },
          everyScope('group', pool.clients[0]!.groupId!),
        );
      }
      this.plan.pools.push(pool);
    }
  }

  private schoolName(rng: Random, country: CountryProfile, kind: ClientKind, suburb: string): string {
    if (kind === 'early')
      return `${rng.pick(['Little', 'Bright', 'Sunny', 'Tiny'])} ${rng.pick(['Acorns', 'Steps', 'Explorers', 'Sprouts'])} ${suburb}`;
    const patterns = kind === 'secondary' ? country.secondaryNames : country.primaryNames;
    return rng
      .pick(patterns)
      .replace('{suburb}', suburb)
      .replace('{name}', country.code === 'US' ? rng.pick(SURNAMES_FOR_SCHOOLS) : rng.pick(SAINTS));
  }

  private personName(rng: Random, code: CountryCode): [string, string] {
    const pool = this.names[code];
    return [rng.pick(pool.firstNames), rng.pick(pool.lastNames)];
  }

  private uniqueEmail(local: string, domain: string): string {
    let email = `${local}@${domain}`;
    for (let n = 2; this.emails.has(email); n++) email = `${local}${n}@${domain}`;
    this.emails.add(email);
    return email;
  }

  private addContact(spec: DemoAccountSpec, grants: Grant[]): number {
    const id = this.ids.take('contacts');
    const created = this.daysAgo(300 + (id % 60));
    this.emails.add(spec.email);
    this.plan.rows.contacts.push({
      id,
      firstName: spec.first,
      lastName: spec.last,
      email: spec.email,
      passwordHash: this.options.passwordHash,
      language: spec.language,
      phone: null,
      isClientGroupOverviewEnabled: spec.overview,
      standardBookings: [],
      features: spec.features ?? {},
      createdAt: created,
      lastUpdated: created,
    });
    this.addGrants(id, grants);
    return id;
  }

  private addGrants(contactId: number, grants: Grant[]): void {
    for (const grant of grants) {
      this.plan.rows.permissionEntries.push({
        id: this.ids.take('permission_entries'),
        contactId,
        groupId: grant.level === 'group' ? grant.nodeId : null,
        clientId: grant.level === 'client' ? grant.nodeId : null,
        locationId: grant.level === 'location' ? grant.nodeId : null,
        scope: grant.scope,
        modifier: grant.modifier,
      });
    }
  }

  /** A group (or one standalone school) with its schools, staff and educator pool. */
  private addGroup(spec: GroupSpec, standalone: boolean): PlanPool {
    const { rows } = this.plan;
    const country = COUNTRIES[spec.country];
    let groupId: number | null = null;
    if (!standalone) {
      groupId = this.ids.take('client_groups');
      rows.clientGroups.push({ id: groupId, name: spec.name, locale: country.locale, createdAt: this.daysAgo(900) });
    }
    const pool: PlanPool = { country, clients: [], candidateIds: [], candidateNames: [], staffNames: [] };
    for (let i = 0; i < 12 + 8 * spec.clients.length; i++) pool.staffNames.push(this.personName(this.rng, country.code).join(' '));
    for (const clientSpec of spec.clients) pool.clients.push(this.addClient(clientSpec, country, groupId));
    const dailyDemand = pool.clients.reduce((sum, c) => sum + c.locations.reduce((s, l) => s + l.rate, 0), 0);
    this.addCandidates(pool, Math.ceil(dailyDemand * 4) + 12);
    return pool;
  }

  private addClient(spec: ClientSpec, country: CountryProfile, groupId: number | null): PlanClient {
    const { rows } = this.plan;
    const rng = this.rng;
    const id = this.ids.take('clients');
    const domain = `${slug(spec.name).slice(0, 40)}.${DEMO_DOMAIN}`;
    const city = country.cities.find((c) => c.name === spec.city) ?? country.cities[0]!;
    const early = spec.kind === 'early';
    const cutoff = country.code === 'GB' ? '07:30' : '08:00';
    const maxExtensionDays = 90;
    rows.clients.push({
      id,
      groupId,
      name: spec.name,
      clientTypeInt: early ? 2 : 1,
      locale: country.locale,
      currency: country.currency,
      country: country.code,
      taxLabel: country.taxLabel,
      taxRateBasisPoints: country.taxRateBasisPoints,
      sameDayCutoff: cutoff,
      minBookingsPerDay: 1,
      maxBookingsPerDay: early ? 4 : 10,
      maxBookingsAllowed: 60,
      maxExtensionDays,
      additionalDetails: rng.chance(0.8)
        ? {
            arrivalInstructions: `Please report to the ${early ? 'centre' : 'front office'} on arrival and sign in.`,
            parking: rng.pick(['Staff car park behind the hall.', 'Street parking only.', 'Visitor bays at the main gate.']),
            dressCode: rng.pick(['Smart casual, closed shoes.', 'Business casual.', 'Comfortable clothes suitable for outdoor duty.']),
          }
        : null,
      policiesMarkdown: bookingPolicies({ cutoff, maxExtensionDays, earlyLearning: early }, country.policiesMarkdown),
      createdAt: this.daysAgo(800),
    });

    // Pay classes.
    const templates = (early ? country.earlyLearningClassifications : country.classifications).filter(
      (t) => !(spec.kind === 'primary' && /Secondary/.test(t.title)) && !(spec.kind === 'secondary' && /Primary/.test(t.title)),
    );
    const classifications = templates.map((t, index) => this.addClassification(id, t, index === 0 ? 6 : rng.int(1, 2)));
    if (rng.chance(0.2)) {
      const legacy = templates[0]!;
      rows.classifications.push({
        id: this.ids.take('classifications'),
        clientId: id,
        onlineTitle: `${legacy.title} (legacy rate)`,
        rateUnitType: legacy.unit,
        shouldShowBreaks: false,
        active: false,
      });
    }

    // Grades.
    const gradeTitles = early
      ? country.earlyLearningGrades
      : spec.kind === 'primary'
        ? country.primaryGrades
        : spec.kind === 'secondary'
          ? country.secondaryGrades
          : [...country.primaryGrades, ...country.secondaryGrades];
    const gradeIds = gradeTitles.map((title, index) => {
      const gradeId = this.ids.take('grades');
      rows.grades.push({ id: gradeId, clientId: id, title, sortOrder: index });
      return gradeId;
    });

    // Staff of the school and their permissions.
    const staff = (role: string, grants: (clientId: number) => Grant[]) => {
      const [first, last] = this.personName(rng, country.code);
      const contactId = this.ids.take('contacts');
      const created = this.daysAgo(200 + rng.int(0, 400));
      const email = this.uniqueEmail(emailLocal(first, last), domain);
      const phone = country.mobile(contactId * 37 + 11);
      rows.contacts.push({
        id: contactId,
        firstName: first,
        lastName: last,
        email,
        passwordHash: this.options.passwordHash,
        language: country.locale,
        phone,
        isClientGroupOverviewEnabled: false,
        standardBookings: [],
        features: {},
        createdAt: created,
        lastUpdated: created,
      });
      this.addGrants(contactId, grants(id));
      return { id: contactId, name: `${first} ${last}`, role, email, phone };
    };
    const principal = staff('Principal', (c) => everyScope('client', c));
    const business = staff('Business Manager', (c) => [
      { level: 'client', nodeId: c, scope: 'accounts', modifier: 'all' },
      { level: 'client', nodeId: c, scope: 'timesheets', modifier: 'all' },
    ]);
    const office = staff('Office Manager', (c) => [
      { level: 'client', nodeId: c, scope: 'booking', modifier: 'all' },
      { level: 'client', nodeId: c, scope: 'pendingBooking', modifier: 'all' },
      { level: 'client', nodeId: c, scope: 'timesheets', modifier: 'view' },
    ]);
    const coordinator = staff('Learning Support Coordinator', (c) => [
      { level: 'client', nodeId: c, scope: 'pendingBooking', modifier: 'create' },
      { level: 'client', nodeId: c, scope: 'pendingBooking', modifier: 'view' },
      { level: 'client', nodeId: c, scope: 'booking', modifier: 'view' },
    ]);

    const client: PlanClient = {
      id,
      groupId,
      name: spec.name,
      country,
      locations: [],
      classifications,
      gradeIds,
      creatorIds: [office.id, office.id, office.id, principal.id],
      approverIds: [principal.id, office.id],
      pendingBookerIds: [coordinator.id],
      timesheetApproverIds: [business.id, principal.id],
    };

    const campuses = spec.campuses ?? [null];
    campuses.forEach((campus, index) => {
      client.locations.push(this.addLocation(client, spec, city, campus, index === 0, domain, [principal, office], spec.rate));
    });
    return client;
  }

  private addClassification(clientId: number, t: ClassificationTemplate, weight: number): PlanClassification {
    const id = this.ids.take('classifications');
    this.plan.rows.classifications.push({
      id,
      clientId,
      onlineTitle: t.title,
      rateUnitType: t.unit,
      minimumDurationInMins: t.minimumDurationInMins ?? null,
      earliestEndTime24hr: t.earliestEndTime24hr ?? null,
      defaultBreakInMins: t.defaultBreakInMins ?? null,
      shouldShowBreaks: t.shouldShowBreaks ?? false,
      active: true,
    });
    return {
      id,
      title: t.title,
      unit: t.unit,
      rateMinor: t.rateMinor,
      minimumDurationInMins: t.minimumDurationInMins ?? null,
      earliestEndMin: t.earliestEndTime24hr ? minutesOfTime(t.earliestEndTime24hr) : null,
      defaultBreakInMins: t.defaultBreakInMins ?? null,
      weight,
    };
  }

  private addLocation(
    client: PlanClient,
    spec: ClientSpec,
    city: City,
    campus: string | null,
    primary: boolean,
    domain: string,
    people: Array<{ id: number; name: string; email: string; phone: string }>,
    rate: number,
  ): PlanLocation {
    const { rows } = this.plan;
    const rng = this.rng;
    const country = client.country;
    const id = this.ids.take('locations');
    const suburbEntry = city.suburbs.find(([s]) => s === spec.suburb) ?? rng.pick(city.suburbs);
    const tags: string[] = [];
    if (primary) tags.push(LOCATION_TAGS.primary);
    if (spec.replaceMe && primary) tags.push(LOCATION_TAGS.replaceMe);
    const early = spec.kind === 'early';
    const start = early ? '07:30' : country.dayStart;
    const end = early ? '17:30' : country.dayEnd;
    const streetNo = country.code === 'US' ? rng.int(100, 4999) : rng.int(1, 250);
    rows.locations.push({
      id,
      clientId: client.id,
      name: campus ? `${spec.name} – ${campus}` : spec.name,
      locationType: early ? 'early_learning' : 'school',
      timeZone: city.timeZone,
      tags,
      addressLine1: `${streetNo} ${rng.pick(country.streets)}`,
      addressLine2: rng.chance(0.15) ? rng.pick(['Gate 2', 'Entry via the side gate', 'Building B']) : null,
      suburb: suburbEntry[0],
      state: city.state,
      postcode: country.postcode(suburbEntry[1], id),
      country: country.code,
      latitude: Math.round((city.lat + (rng.next() - 0.5) * 0.16) * 1e6) / 1e6,
      longitude: Math.round((city.lng + (rng.next() - 0.5) * 0.2) * 1e6) / 1e6,
      startTime: start,
      endTime: end,
      lunchBreakMinutes: country.lunchMinutes,
      submittedByTemplateRequired: rng.chance(0.15),
      // Early learning is open all year; schools close on their region's public holidays.
      openOnPublicHolidays: early,
      createdAt: this.daysAgo(800),
    });
    const today = localToday(this.options.now, city.timeZone);

    // Certifications asked for by default.
    const certificationIds = rng.sample(country.certifications, rng.int(2, 4)).map((name) => this.certIds.get(name)!);
    for (const certificationId of certificationIds) rows.locationCertifications.push({ locationId: id, certificationId });

    // People who receive confirmations: two staff members and the front office, sometimes a former one.
    const bookingContactIds: number[] = [];
    for (const person of people) {
      const bookingContactId = this.ids.take('booking_contacts');
      rows.bookingContacts.push({
        id: bookingContactId,
        locationId: id,
        contactId: person.id,
        name: person.name,
        email: person.email,
        mobile: person.phone,
        canReceiveVoice: false,
        active: true,
      });
      bookingContactIds.push(bookingContactId);
    }
    const officeId = this.ids.take('booking_contacts');
    rows.bookingContacts.push({
      id: officeId,
      locationId: id,
      contactId: null,
      name: early ? 'Centre Reception' : 'Front Office',
      email: this.uniqueEmail(campus ? `office.${slug(campus)}` : 'office', domain),
      mobile: country.mobile(officeId * 53 + 7),
      canReceiveVoice: true,
      active: true,
    });
    bookingContactIds.push(officeId);
    if (rng.chance(0.3)) {
      const [first, last] = this.personName(rng, country.code);
      const formerId = this.ids.take('booking_contacts');
      rows.bookingContacts.push({
        id: formerId,
        locationId: id,
        contactId: null,
        name: `${first} ${last}`,
        email: this.uniqueEmail(emailLocal(first, last), domain),
        mobile: country.mobile(formerId * 61 + 3),
        canReceiveVoice: false,
        active: false,
      });
    }

    // Booking blocks.
    const blockedDays = new Set<number>();
    const restriction = (days: number[], message: string, createdDaysAgo: number) => {
      for (const day of days) blockedDays.add(day);
      rows.locationRestrictions.push({
        id: this.ids.take('location_restrictions'),
        locationId: id,
        datesLocal: days.map(isoOfDay),
        messageMarkdown: message,
        createdAt: this.daysAgo(createdDaysAgo),
      });
    };
    const place = early ? 'Centre' : 'School';
    const closureWord = early ? 'staff training day' : country.closureWord;
    restriction([rollToWeekday(today + rng.int(10, 35))], `${place} closed for **${closureWord}**`, rng.int(5, 60));
    if (rng.chance(0.5)) {
      const day = rollToWeekday(today + rng.int(3, 28));
      if (!blockedDays.has(day)) restriction([day], rng.pick(RESTRICTION_MESSAGES.event), rng.int(2, 30));
    }
    if (rng.chance(0.25)) {
      const first = rollToWeekday(today + rng.int(21, 49));
      restriction([first, addWeekdays(first, 1), addWeekdays(first, 2)], rng.pick(RESTRICTION_MESSAGES.works), rng.int(1, 20));
    }
    if (rng.chance(0.5)) {
      const day = rollToWeekday(today - rng.int(20, 120));
      if (!isWeekend(day)) restriction([day], `${place} closed for **${closureWord}**`, rng.int(130, 200));
    }

    return {
      id,
      clientId: client.id,
      name: campus ? `${spec.name} – ${campus}` : spec.name,
      timeZone: city.timeZone,
      type: early ? 'early_learning' : 'school',
      startMin: minutesOfTime(start),
      endMin: minutesOfTime(end),
      lunchMinutes: country.lunchMinutes,
      templateRequired: rows.locations[rows.locations.length - 1]!.submittedByTemplateRequired ?? false,
      today,
      rate: rate * this.density,
      bookingContactIds: bookingContactIds,
      certificationIds,
      blockedDays,
    };
  }

  private addCandidates(pool: PlanPool, size: number): void {
    const rng = this.rng;
    const code = pool.country.code;
    const headlines = [...pool.country.classifications, ...pool.country.earlyLearningClassifications].map((t) => t.title);
    for (let i = 0; i < size; i++) {
      const id = this.ids.take('candidates');
      const [first, last] = this.personName(rng, code);
      const nickname = nicknameOf(first);
      const preferredName = nickname && rng.chance(0.6) ? nickname : null;
      this.plan.rows.candidates.push({
        id,
        firstName: first,
        lastName: last,
        preferredName,
        email: `${emailLocal(first, last)}.${id}@educators.${DEMO_DOMAIN}`,
        phone: pool.country.mobile(id * 97 + 13),
        country: code,
        headline: rng.pick(headlines),
        summary: rng.pick(CANDIDATE_SUMMARIES).replace('{years}', String(rng.int(2, 25))),
        avatarSeed: `${ascii(first)}-${ascii(last)}-${id}`.toLowerCase().replace(/\s+/g, '-'),
        createdAt: this.daysAgo(rng.int(30, 1500)),
      });
      pool.candidateIds.push(id);
      pool.candidateNames.push(`${preferredName ?? first} ${last}`);
    }
  }

  private addFilesAndStatus(): void {
    const { rows } = this.plan;
    const files: Array<[string, string, string, string[]]> = [
      [
        'Booking policy.pdf',
        'help/booking-policy.pdf',
        'Booking policy',
        [
          'How to book relief staff through the client portal.',
          '',
          '1. Choose Create Booking, pick the location, classification and dates.',
          '2. Add at least one person to confirm the booking with, and how to reach them.',
          "3. Bookings for today close at your school's same-day cut-off (8:00 am unless",
          "   agreed otherwise) in the school's time zone, and at the booking's start time.",
          '4. Bookings on blocked dates (staff development days, closures) are refused.',
          '',
          'Cancellations: a booking already assigned to an educator, or already under way,',
          'cannot be cancelled online; choose Request cancellation on the booking, or call us.',
        ],
      ],
      [
        'Timesheet guide.pdf',
        'help/timesheet-guide.pdf',
        'Timesheet guide',
        [
          'Reviewing and approving educator timesheets.',
          '',
          'Pending approval: the educator has submitted hours; approve, modify or mark as',
          'did not happen. Only one kind of decision can be submitted at once.',
          'Pending review: we are checking a change before it is approved for invoice.',
          'Approved for invoice: the hours will appear on your next invoice.',
        ],
      ],
    ];
    for (const [name, filePath, title, lines] of files) {
      const data = simplePdf(title, lines);
      rows.generalFiles.push({
        id: this.ids.take('general_files'),
        name,
        filePath,
        contentType: 'application/pdf',
        sizeBytes: data.length,
        data,
        createdAt: this.daysAgo(120),
      });
    }
    rows.serviceStatus.push({
      id: this.ids.take('service_status'),
      bannerTitle: 'Scheduled maintenance on Saturday night',
      severity: 'info',
      region: 'All regions',
      bodyMarkdown: 'The portal will be unavailable for up to **30 minutes** from 11 pm on Saturday while we upgrade our servers.',
      active: false,
      updatedAt: this.daysAgo(30),
      updatedByStaffUserId: this.plan.staffUserId,
    });
  }
}

/**
 * The policies a booker agrees to: what the portal itself does (from the client's own settings, so they never
 * disagree), then the school's notes. Spec §4/§5: same-day cut-off in the school's zone, cancel online only while no
 * educator is assigned and the booking has not started, extension caps.
 */
export function bookingPolicies(
  { cutoff, maxExtensionDays, earlyLearning }: { cutoff: string; maxExtensionDays: number; earlyLearning: boolean },
  notes: string,
): string {
  const [h = 8, m = 0] = cutoff.split(':').map(Number);
  const time = `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
  return [
    '## Booking policy',
    '',
    '- Bookings are for school days (Monday to Friday); days the school has blocked cannot be booked.',
    `- Bookings for today can be made online until **${time}** in the school's time zone, and before the start time. After that, please call us.`,
    '- You can cancel a booking online until an educator is assigned or it starts. After that, use **Request cancellation** on the booking, or call us.',
    `- A booking can be extended by up to ${maxExtensionDays} days after its last day${earlyLearning ? ', and a block of bookings here can be at most 4 weeks long' : ''}.`,
    notes,
  ].join('\n');
}
