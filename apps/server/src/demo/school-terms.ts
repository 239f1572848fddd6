/**
 * School terms of the regions the demo world's locations are in, 2026 and 2027 (with the northern school years
 * that reach into them), as the education departments publish them (a representative district where a state
 * leaves them to its districts: New York City, Chicago, Denver, Phoenix, Los Angeles, Toronto). The region is the
 * subdivision code public holidays use; null is the whole country.
 */
export interface SchoolTermRow {
  country: string;
  region: string | null;
  name: string;
  firstDay: string;
  lastDay: string;
}

type Terms = ReadonlyArray<readonly [name: string, firstDay: string, lastDay: string]>;

const australian = (t: ReadonlyArray<readonly [string, string]>): Terms =>
  t.map(([first, last], i) => [`Term ${(i % 4) + 1}`, first, last] as const);

const TERMS: ReadonlyArray<{ country: string; region: string | null; terms: Terms }> = [
  {
    country: 'AU',
    region: 'NSW',
    terms: australian([
      ['2026-02-02', '2026-04-02'],
      ['2026-04-20', '2026-07-03'],
      ['2026-07-20', '2026-09-25'],
      ['2026-10-12', '2026-12-17'],
      ['2027-02-01', '2027-04-09'],
      ['2027-04-26', '2027-07-02'],
      ['2027-07-19', '2027-09-24'],
      ['2027-10-11', '2027-12-17'],
    ]),
  },
  {
    country: 'AU',
    region: 'VIC',
    terms: australian([
      ['2026-01-27', '2026-04-02'],
      ['2026-04-20', '2026-06-26'],
      ['2026-07-13', '2026-09-18'],
      ['2026-10-05', '2026-12-18'],
      ['2027-01-28', '2027-03-25'],
      ['2027-04-12', '2027-06-25'],
      ['2027-07-12', '2027-09-17'],
      ['2027-10-04', '2027-12-17'],
    ]),
  },
  {
    country: 'AU',
    region: 'QLD',
    terms: australian([
      ['2026-01-27', '2026-04-02'],
      ['2026-04-20', '2026-06-26'],
      ['2026-07-13', '2026-09-18'],
      ['2026-10-06', '2026-12-11'],
      ['2027-01-27', '2027-03-25'],
      ['2027-04-12', '2027-06-18'],
      ['2027-07-05', '2027-09-10'],
      ['2027-10-05', '2027-12-10'],
    ]),
  },
  {
    country: 'AU',
    region: 'WA',
    terms: australian([
      ['2026-02-02', '2026-04-02'],
      ['2026-04-20', '2026-07-03'],
      ['2026-07-20', '2026-09-25'],
      ['2026-10-12', '2026-12-17'],
      ['2027-02-01', '2027-03-25'],
      ['2027-04-12', '2027-07-02'],
      ['2027-07-19', '2027-09-24'],
      ['2027-10-11', '2027-12-16'],
    ]),
  },
  {
    country: 'AU',
    region: 'SA',
    terms: australian([
      ['2026-01-27', '2026-04-10'],
      ['2026-04-27', '2026-07-03'],
      ['2026-07-20', '2026-09-25'],
      ['2026-10-12', '2026-12-11'],
      ['2027-01-27', '2027-04-09'],
      ['2027-04-26', '2027-07-02'],
      ['2027-07-19', '2027-09-24'],
      ['2027-10-11', '2027-12-10'],
    ]),
  },
  {
    country: 'AU',
    region: 'NT',
    terms: australian([
      ['2026-01-28', '2026-04-02'],
      ['2026-04-13', '2026-06-19'],
      ['2026-07-14', '2026-09-18'],
      ['2026-10-06', '2026-12-10'],
      ['2027-01-27', '2027-03-25'],
      ['2027-04-05', '2027-06-18'],
      ['2027-07-13', '2027-09-17'],
      ['2027-10-05', '2027-12-09'],
    ]),
  },
  {
    country: 'NZ',
    region: null,
    terms: [
      ['Term 1', '2026-02-02', '2026-04-02'],
      ['Term 2', '2026-04-20', '2026-07-03'],
      ['Term 3', '2026-07-20', '2026-09-25'],
      ['Term 4', '2026-10-12', '2026-12-16'],
      ['Term 1', '2027-02-01', '2027-04-16'],
      ['Term 2', '2027-05-03', '2027-07-02'],
      ['Term 3', '2027-07-19', '2027-09-24'],
      ['Term 4', '2027-10-11', '2027-12-15'],
    ],
  },
  {
    // England: three terms, each cut in two by a half-term week.
    country: 'GB',
    region: 'ENG',
    terms: [
      ['Spring 1', '2026-01-05', '2026-02-13'],
      ['Spring 2', '2026-02-23', '2026-03-27'],
      ['Summer 1', '2026-04-13', '2026-05-22'],
      ['Summer 2', '2026-06-01', '2026-07-22'],
      ['Autumn 1', '2026-09-03', '2026-10-23'],
      ['Autumn 2', '2026-11-02', '2026-12-18'],
      ['Spring 1', '2027-01-04', '2027-02-12'],
      ['Spring 2', '2027-02-22', '2027-03-25'],
      ['Summer 1', '2027-04-12', '2027-05-28'],
      ['Summer 2', '2027-06-07', '2027-07-21'],
      ['Autumn 1', '2027-09-02', '2027-10-22'],
      ['Autumn 2', '2027-11-01', '2027-12-17'],
    ],
  },
  {
    country: 'US',
    region: 'NY',
    terms: [
      ['Spring semester', '2026-01-02', '2026-02-13'],
      ['Spring semester', '2026-02-23', '2026-04-02'],
      ['Spring semester', '2026-04-13', '2026-06-26'],
      ['Fall semester', '2026-09-10', '2026-12-23'],
      ['Spring semester', '2027-01-04', '2027-02-12'],
      ['Spring semester', '2027-02-22', '2027-04-16'],
      ['Spring semester', '2027-04-26', '2027-06-25'],
      ['Fall semester', '2027-09-09', '2027-12-23'],
    ],
  },
  {
    country: 'US',
    region: 'IL',
    terms: [
      ['Spring semester', '2026-01-05', '2026-03-27'],
      ['Spring semester', '2026-04-06', '2026-06-04'],
      ['Fall semester', '2026-08-17', '2026-12-18'],
      ['Spring semester', '2027-01-04', '2027-03-19'],
      ['Spring semester', '2027-03-29', '2027-06-03'],
      ['Fall semester', '2027-08-16', '2027-12-17'],
    ],
  },
  {
    country: 'US',
    region: 'CO',
    terms: [
      ['Spring semester', '2026-01-06', '2026-03-20'],
      ['Spring semester', '2026-03-30', '2026-05-29'],
      ['Fall semester', '2026-08-17', '2026-12-18'],
      ['Spring semester', '2027-01-05', '2027-03-19'],
      ['Spring semester', '2027-03-29', '2027-05-28'],
      ['Fall semester', '2027-08-16', '2027-12-17'],
    ],
  },
  {
    country: 'US',
    region: 'AZ',
    terms: [
      ['Spring semester', '2026-01-06', '2026-03-06'],
      ['Spring semester', '2026-03-16', '2026-05-21'],
      ['Fall semester', '2026-08-05', '2026-10-02'],
      ['Fall semester', '2026-10-12', '2026-12-18'],
      ['Spring semester', '2027-01-05', '2027-03-05'],
      ['Spring semester', '2027-03-15', '2027-05-20'],
      ['Fall semester', '2027-08-04', '2027-10-01'],
      ['Fall semester', '2027-10-11', '2027-12-17'],
    ],
  },
  {
    country: 'US',
    region: 'CA',
    terms: [
      ['Spring semester', '2026-01-12', '2026-03-27'],
      ['Spring semester', '2026-04-06', '2026-06-11'],
      ['Fall semester', '2026-08-17', '2026-12-18'],
      ['Spring semester', '2027-01-11', '2027-03-19'],
      ['Spring semester', '2027-03-29', '2027-06-10'],
      ['Fall semester', '2027-08-16', '2027-12-17'],
    ],
  },
  {
    country: 'CA',
    region: 'ON',
    terms: [
      ['Winter term', '2026-01-05', '2026-03-13'],
      ['Spring term', '2026-03-23', '2026-06-26'],
      ['Fall term', '2026-09-08', '2026-12-18'],
      ['Winter term', '2027-01-04', '2027-03-12'],
      ['Spring term', '2027-03-22', '2027-06-25'],
      ['Fall term', '2027-09-07', '2027-12-17'],
    ],
  },
  {
    country: 'SG',
    region: null,
    terms: [
      ['Term 1', '2026-01-02', '2026-03-13'],
      ['Term 2', '2026-03-23', '2026-05-29'],
      ['Term 3', '2026-06-29', '2026-09-04'],
      ['Term 4', '2026-09-14', '2026-11-20'],
      ['Term 1', '2027-01-04', '2027-03-12'],
      ['Term 2', '2027-03-22', '2027-05-28'],
      ['Term 3', '2027-06-28', '2027-09-03'],
      ['Term 4', '2027-09-13', '2027-11-19'],
    ],
  },
];

/** Every seeded term, one row each. */
export const SCHOOL_TERMS: readonly SchoolTermRow[] = TERMS.flatMap(({ country, region, terms }) =>
  terms.map(([name, firstDay, lastDay]) => ({ country, region, name, firstDay, lastDay })),
);
