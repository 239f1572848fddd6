import type { Currency, Locale, RateUnitType } from '@portal/contract/domain';

/** Fixed facts the demo world is built from: countries, cities, pay classes, grades, texts. */

export type CountryCode = 'AU' | 'NZ' | 'GB' | 'US' | 'CA' | 'SG';

export interface City {
  name: string;
  timeZone: string;
  state: string | null;
  lat: number;
  lng: number;
  /** [suburb, postcode] */
  suburbs: ReadonlyArray<readonly [string, string]>;
}

export interface ClassificationTemplate {
  title: string;
  unit: RateUnitType;
  /** Minor units per day or per hour. */
  rateMinor: number;
  minimumDurationInMins?: number;
  earliestEndTime24hr?: string;
  defaultBreakInMins?: number;
  shouldShowBreaks?: boolean;
}

export interface CountryProfile {
  code: CountryCode;
  locale: Locale;
  currency: Currency;
  taxLabel: string;
  taxRateBasisPoints: number;
  paymentTermsDays: number;
  dayStart: string;
  dayEnd: string;
  lunchMinutes: number;
  cities: readonly City[];
  /** Common street names (faker's are too often invented surnames such as "Phoenix Meadow"). */
  streets: readonly string[];
  classifications: readonly ClassificationTemplate[];
  earlyLearningClassifications: readonly ClassificationTemplate[];
  primaryGrades: readonly string[];
  secondaryGrades: readonly string[];
  earlyLearningGrades: readonly string[];
  certifications: readonly string[];
  /** School name patterns; {suburb} and {name} are filled in. */
  primaryNames: readonly string[];
  secondaryNames: readonly string[];
  groupNames: readonly string[];
  closureWord: string;
  mobile: (n: number) => string;
  postcode: (base: string, n: number) => string;
  /** The school's own notes for educators; the booking rules themselves are written from the client's settings. */
  policiesMarkdown: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

export const COUNTRIES: Record<CountryCode, CountryProfile> = {
  AU: {
    code: 'AU',
    locale: 'en-AU',
    currency: 'AUD',
    taxLabel: 'GST',
    taxRateBasisPoints: 1000,
    paymentTermsDays: 14,
    dayStart: '08:30',
    dayEnd: '15:30',
    lunchMinutes: 30,
    cities: [
      {
        name: 'Sydney',
        timeZone: 'Australia/Sydney',
        state: 'NSW',
        lat: -33.8688,
        lng: 151.2093,
        suburbs: [
          ['Parramatta', '2150'],
          ['Chatswood', '2067'],
          ['Marrickville', '2204'],
          ['Randwick', '2031'],
          ['Ryde', '2112'],
          ['Hornsby', '2077'],
          ['Penrith', '2750'],
          ['Liverpool', '2170'],
          ['Castle Hill', '2154'],
          ['Cronulla', '2230'],
          ['Manly', '2095'],
          ['Blacktown', '2148'],
        ],
      },
      {
        name: 'Melbourne',
        timeZone: 'Australia/Melbourne',
        state: 'VIC',
        lat: -37.8136,
        lng: 144.9631,
        suburbs: [
          ['Brunswick', '3056'],
          ['Footscray', '3011'],
          ['Box Hill', '3128'],
          ['Frankston', '3199'],
          ['Werribee', '3030'],
          ['Glen Waverley', '3150'],
          ['St Kilda', '3182'],
          ['Essendon', '3040'],
          ['Doncaster', '3108'],
          ['Dandenong', '3175'],
        ],
      },
      {
        name: 'Brisbane',
        timeZone: 'Australia/Brisbane',
        state: 'QLD',
        lat: -27.4698,
        lng: 153.0251,
        suburbs: [
          ['Indooroopilly', '4068'],
          ['Chermside', '4032'],
          ['Carindale', '4152'],
          ['Sunnybank', '4109'],
          ['Toowong', '4066'],
          ['Wynnum', '4178'],
          ['Redcliffe', '4020'],
          ['Ashgrove', '4060'],
        ],
      },
      {
        name: 'Perth',
        timeZone: 'Australia/Perth',
        state: 'WA',
        lat: -31.9523,
        lng: 115.8613,
        suburbs: [
          ['Fremantle', '6160'],
          ['Joondalup', '6027'],
          ['Subiaco', '6008'],
          ['Scarborough', '6019'],
          ['Midland', '6056'],
          ['Rockingham', '6168'],
          ['Morley', '6062'],
        ],
      },
      {
        name: 'Adelaide',
        timeZone: 'Australia/Adelaide',
        state: 'SA',
        lat: -34.9285,
        lng: 138.6007,
        suburbs: [
          ['Glenelg', '5045'],
          ['Norwood', '5067'],
          ['Prospect', '5082'],
          ['Unley', '5061'],
          ['Salisbury', '5108'],
          ['Marion', '5043'],
        ],
      },
      {
        name: 'Darwin',
        timeZone: 'Australia/Darwin',
        state: 'NT',
        lat: -12.4634,
        lng: 130.8456,
        suburbs: [
          ['Casuarina', '0810'],
          ['Palmerston', '0830'],
          ['Nightcliff', '0810'],
          ['Parap', '0820'],
        ],
      },
    ],
    streets: [
      'Victoria Road',
      'Church Street',
      'Station Street',
      'Pacific Highway',
      'Park Road',
      'King Street',
      'George Street',
      'High Street',
      'Railway Parade',
      'Military Road',
      'Beach Road',
      'Elizabeth Street',
      'Albert Street',
      'Wattle Avenue',
      'Banksia Crescent',
      'Bay Road',
      'Oxford Street',
      'Canterbury Road',
      'Ocean Street',
      'Grey Street',
    ],
    classifications: [
      { title: 'Primary Teacher', unit: 'daily', rateMinor: 52_000, defaultBreakInMins: 30 },
      { title: 'Secondary Teacher', unit: 'daily', rateMinor: 54_500, defaultBreakInMins: 40 },
      {
        title: 'Education Support Officer',
        unit: 'hourly',
        rateMinor: 4_250,
        minimumDurationInMins: 180,
        earliestEndTime24hr: '12:00',
        defaultBreakInMins: 30,
        shouldShowBreaks: true,
      },
      { title: 'School Learning Support Officer', unit: 'hourly', rateMinor: 4_050, minimumDurationInMins: 120, shouldShowBreaks: true },
      { title: 'Casual Relief Teacher', unit: 'daily', rateMinor: 29_000, earliestEndTime24hr: '11:30' },
    ],
    earlyLearningClassifications: [
      {
        title: 'Early Childhood Teacher',
        unit: 'daily',
        rateMinor: 50_000,
        minimumDurationInMins: 240,
        defaultBreakInMins: 30,
        shouldShowBreaks: true,
      },
      {
        title: 'Early Childhood Educator (Cert III)',
        unit: 'hourly',
        rateMinor: 3_800,
        minimumDurationInMins: 180,
        shouldShowBreaks: true,
      },
      { title: 'Diploma Educator', unit: 'hourly', rateMinor: 4_300, minimumDurationInMins: 180, defaultBreakInMins: 30 },
    ],
    primaryGrades: ['Foundation', 'Year 1', 'Year 2', 'Year 3', 'Year 4', 'Year 5', 'Year 6'],
    secondaryGrades: ['Year 7', 'Year 8', 'Year 9', 'Year 10', 'Year 11', 'Year 12'],
    earlyLearningGrades: ['Nursery', 'Toddlers', 'Pre-Kindy', 'Kindy'],
    certifications: [
      'Working with Children Check',
      'First Aid (HLTAID011)',
      'CPR (HLTAID009)',
      'Anaphylaxis Management',
      'Child Protection Awareness',
      'Asthma Management',
    ],
    primaryNames: ['{suburb} Public School', '{suburb} Primary School', "St {name}'s Primary School", '{suburb} North Public School'],
    secondaryNames: ['{suburb} High School', '{suburb} Secondary College', "St {name}'s College", '{suburb} Grammar School'],
    groupNames: ['{place} Catholic Schools', '{place} Schools Group', '{place} Education Alliance', '{place} Independent Schools'],
    closureWord: 'staff development day',
    mobile: (n) => `0491 57${n % 10} ${pad(Math.floor(n / 10) % 1000, 3)}`,
    postcode: (base) => base,
    policiesMarkdown: [
      '- Please have a lesson plan, class list and yard duty roster ready on arrival.',
      '- Educators must sign in at the front office and show their Working with Children Check.',
    ].join('\n'),
  },
  NZ: {
    code: 'NZ',
    locale: 'en-NZ',
    currency: 'NZD',
    taxLabel: 'GST',
    taxRateBasisPoints: 1500,
    paymentTermsDays: 20,
    dayStart: '08:45',
    dayEnd: '15:00',
    lunchMinutes: 45,
    cities: [
      {
        name: 'Auckland',
        timeZone: 'Pacific/Auckland',
        state: 'Auckland',
        lat: -36.8485,
        lng: 174.7633,
        suburbs: [
          ['Ponsonby', '1011'],
          ['Remuera', '1050'],
          ['Takapuna', '0622'],
          ['Henderson', '0612'],
          ['Manukau', '2104'],
          ['Mount Eden', '1024'],
          ['Howick', '2014'],
          ['Papatoetoe', '2025'],
        ],
      },
      {
        name: 'Wellington',
        timeZone: 'Pacific/Auckland',
        state: 'Wellington',
        lat: -41.2866,
        lng: 174.7756,
        suburbs: [
          ['Karori', '6012'],
          ['Newtown', '6021'],
          ['Johnsonville', '6037'],
          ['Petone', '5012'],
        ],
      },
      {
        name: 'Christchurch',
        timeZone: 'Pacific/Auckland',
        state: 'Canterbury',
        lat: -43.5321,
        lng: 172.6362,
        suburbs: [
          ['Riccarton', '8011'],
          ['Papanui', '8053'],
          ['Sumner', '8081'],
          ['Hornby', '8042'],
        ],
      },
    ],
    streets: [
      'Queen Street',
      'Great North Road',
      'Lake Road',
      'Ponsonby Road',
      'Dominion Road',
      'Hurstmere Road',
      'Manukau Road',
      'Remuera Road',
      'Karori Road',
      'Riccarton Road',
      'Papanui Road',
      'Jackson Street',
    ],
    classifications: [
      { title: 'Relief Teacher', unit: 'daily', rateMinor: 46_500, defaultBreakInMins: 45 },
      { title: 'Teacher Aide', unit: 'hourly', rateMinor: 3_250, minimumDurationInMins: 120, shouldShowBreaks: true },
      { title: 'Kaiako Relief Teacher (Māori medium)', unit: 'daily', rateMinor: 48_000, defaultBreakInMins: 45 },
      { title: 'Learning Support Assistant', unit: 'hourly', rateMinor: 3_400, minimumDurationInMins: 180, earliestEndTime24hr: '12:00' },
    ],
    earlyLearningClassifications: [
      { title: 'ECE Relief Teacher', unit: 'hourly', rateMinor: 3_900, minimumDurationInMins: 240, shouldShowBreaks: true },
      { title: 'ECE Educator', unit: 'hourly', rateMinor: 3_100, minimumDurationInMins: 180 },
    ],
    primaryGrades: ['Year 1', 'Year 2', 'Year 3', 'Year 4', 'Year 5', 'Year 6', 'Year 7', 'Year 8'],
    secondaryGrades: ['Year 9', 'Year 10', 'Year 11', 'Year 12', 'Year 13'],
    earlyLearningGrades: ['Pēpi', 'Toddlers', 'Preschool'],
    certifications: ['Police Vetting', 'Teaching Council Practising Certificate', 'First Aid Certificate', 'Child Protection Training'],
    primaryNames: ['{suburb} School', '{suburb} Primary School', '{suburb} Intermediate'],
    secondaryNames: ['{suburb} College', '{suburb} High School', '{suburb} Grammar School'],
    groupNames: ['{place} Kāhui Ako', '{place} Schools Network'],
    closureWord: 'teacher only day',
    mobile: (n) => `021 0${pad(n % 100, 2)} ${pad(Math.floor(n / 100) % 10000, 4)}`,
    postcode: (base) => base,
    policiesMarkdown: [
      '- Relief teachers need a current practising certificate; we check it for you.',
      '- Please leave planning and a class list on the desk.',
    ].join('\n'),
  },
  GB: {
    code: 'GB',
    locale: 'en-GB',
    currency: 'GBP',
    taxLabel: 'VAT',
    taxRateBasisPoints: 2000,
    paymentTermsDays: 30,
    dayStart: '08:40',
    dayEnd: '15:20',
    lunchMinutes: 45,
    cities: [
      {
        name: 'London',
        timeZone: 'Europe/London',
        state: 'Greater London',
        lat: 51.5072,
        lng: -0.1276,
        suburbs: [
          ['Islington', 'N1'],
          ['Hackney', 'E8'],
          ['Camden', 'NW1'],
          ['Croydon', 'CR0'],
          ['Lewisham', 'SE13'],
          ['Ealing', 'W5'],
          ['Wimbledon', 'SW19'],
          ['Walthamstow', 'E17'],
          ['Stratford', 'E15'],
          ['Brixton', 'SW2'],
        ],
      },
      {
        name: 'Manchester',
        timeZone: 'Europe/London',
        state: 'Greater Manchester',
        lat: 53.4808,
        lng: -2.2426,
        suburbs: [
          ['Didsbury', 'M20'],
          ['Chorlton', 'M21'],
          ['Salford', 'M5'],
          ['Stockport', 'SK1'],
          ['Prestwich', 'M25'],
        ],
      },
      {
        name: 'Birmingham',
        timeZone: 'Europe/London',
        state: 'West Midlands',
        lat: 52.4862,
        lng: -1.8904,
        suburbs: [
          ['Edgbaston', 'B15'],
          ['Moseley', 'B13'],
          ['Sutton Coldfield', 'B72'],
          ['Harborne', 'B17'],
        ],
      },
      {
        name: 'Leeds',
        timeZone: 'Europe/London',
        state: 'West Yorkshire',
        lat: 53.8008,
        lng: -1.5491,
        suburbs: [
          ['Headingley', 'LS6'],
          ['Roundhay', 'LS8'],
          ['Horsforth', 'LS18'],
        ],
      },
    ],
    streets: [
      'High Street',
      'Church Lane',
      'Station Road',
      'Victoria Road',
      'Manor Road',
      'Park Lane',
      'Green Lane',
      'Mill Lane',
      'Kings Road',
      'Queens Road',
      'School Lane',
      'The Avenue',
      'London Road',
      'Vicarage Close',
      'Chapel Street',
      'Grange Road',
    ],
    classifications: [
      { title: 'Supply Teacher', unit: 'daily', rateMinor: 19_000, defaultBreakInMins: 45 },
      { title: 'Cover Supervisor', unit: 'daily', rateMinor: 12_500, earliestEndTime24hr: '15:00' },
      {
        title: 'Teaching Assistant',
        unit: 'hourly',
        rateMinor: 1_550,
        minimumDurationInMins: 180,
        defaultBreakInMins: 30,
        shouldShowBreaks: true,
      },
      { title: 'SEN Teaching Assistant', unit: 'hourly', rateMinor: 1_750, minimumDurationInMins: 180, shouldShowBreaks: true },
      { title: 'Exam Invigilator', unit: 'hourly', rateMinor: 1_400, minimumDurationInMins: 120 },
    ],
    earlyLearningClassifications: [
      { title: 'Nursery Practitioner (Level 3)', unit: 'hourly', rateMinor: 1_500, minimumDurationInMins: 240, shouldShowBreaks: true },
      { title: 'Early Years Teacher', unit: 'daily', rateMinor: 17_500, defaultBreakInMins: 45 },
    ],
    primaryGrades: ['Reception', 'Year 1', 'Year 2', 'Year 3', 'Year 4', 'Year 5', 'Year 6'],
    secondaryGrades: ['Year 7', 'Year 8', 'Year 9', 'Year 10', 'Year 11', 'Year 12', 'Year 13'],
    earlyLearningGrades: ['Baby room', 'Toddler room', 'Pre-school'],
    certifications: [
      'Enhanced DBS Check',
      'Qualified Teacher Status (QTS)',
      'Paediatric First Aid',
      'Safeguarding Level 1',
      'Team Teach',
      'Prevent Duty Training',
    ],
    primaryNames: [
      '{suburb} Primary Academy',
      '{suburb} Primary School',
      "St {name}'s Church of England Primary School",
      '{suburb} Infant School',
    ],
    secondaryNames: ['{suburb} Academy', '{suburb} High School', "St {name}'s Catholic College", '{suburb} Grammar School'],
    groupNames: ['{place} Learning Trust', '{place} Academies Trust', '{place} Multi-Academy Trust'],
    closureWord: 'INSET day',
    mobile: (n) => `07700 900${pad(n % 1000, 3)}`,
    postcode: (base, n) => `${base} ${n % 10}${LETTERS[n % LETTERS.length]}${LETTERS[Math.floor(n / 10) % LETTERS.length]}`,
    policiesMarkdown: [
      '- All supply staff hold an Enhanced DBS check on the update service.',
      '- Please provide cover work and the behaviour policy on arrival.',
    ].join('\n'),
  },
  US: {
    code: 'US',
    locale: 'en-US',
    currency: 'USD',
    taxLabel: 'Tax',
    taxRateBasisPoints: 0,
    paymentTermsDays: 30,
    dayStart: '08:00',
    dayEnd: '15:00',
    lunchMinutes: 30,
    cities: [
      {
        name: 'New York',
        timeZone: 'America/New_York',
        state: 'NY',
        lat: 40.7128,
        lng: -74.006,
        suburbs: [
          ['Brooklyn', '11201'],
          ['Queens', '11373'],
          ['Bronx', '10451'],
          ['Staten Island', '10301'],
          ['Harlem', '10027'],
          ['Astoria', '11102'],
        ],
      },
      {
        name: 'Chicago',
        timeZone: 'America/Chicago',
        state: 'IL',
        lat: 41.8781,
        lng: -87.6298,
        suburbs: [
          ['Lincoln Park', '60614'],
          ['Hyde Park', '60615'],
          ['Logan Square', '60647'],
          ['Pilsen', '60608'],
          ['Evanston', '60201'],
          ['Oak Park', '60302'],
        ],
      },
      {
        name: 'Denver',
        timeZone: 'America/Denver',
        state: 'CO',
        lat: 39.7392,
        lng: -104.9903,
        suburbs: [
          ['Aurora', '80010'],
          ['Lakewood', '80226'],
          ['Highlands', '80211'],
        ],
      },
      {
        name: 'Phoenix',
        timeZone: 'America/Phoenix',
        state: 'AZ',
        lat: 33.4484,
        lng: -112.074,
        suburbs: [
          ['Tempe', '85281'],
          ['Mesa', '85201'],
          ['Scottsdale', '85251'],
        ],
      },
      {
        name: 'Los Angeles',
        timeZone: 'America/Los_Angeles',
        state: 'CA',
        lat: 34.0522,
        lng: -118.2437,
        suburbs: [
          ['Pasadena', '91101'],
          ['Santa Monica', '90401'],
          ['Burbank', '91502'],
          ['Long Beach', '90802'],
        ],
      },
    ],
    streets: [
      'Main Street',
      'Oak Street',
      'Maple Avenue',
      'Washington Avenue',
      'Park Avenue',
      'Elm Street',
      'Lincoln Avenue',
      '2nd Street',
      'Broadway',
      'Pine Street',
      'Cedar Lane',
      'Lake Street',
      'Madison Avenue',
      'Jefferson Street',
    ],
    classifications: [
      { title: 'Substitute Teacher', unit: 'daily', rateMinor: 16_000, defaultBreakInMins: 30 },
      { title: 'Long-Term Substitute Teacher', unit: 'daily', rateMinor: 19_500, defaultBreakInMins: 30 },
      {
        title: 'Paraprofessional',
        unit: 'hourly',
        rateMinor: 2_200,
        minimumDurationInMins: 180,
        earliestEndTime24hr: '11:30',
        shouldShowBreaks: true,
      },
      { title: 'Substitute School Nurse', unit: 'hourly', rateMinor: 4_200, minimumDurationInMins: 240 },
    ],
    earlyLearningClassifications: [
      { title: 'Pre-K Substitute Teacher', unit: 'daily', rateMinor: 15_000, defaultBreakInMins: 30 },
      { title: 'Childcare Aide', unit: 'hourly', rateMinor: 1_900, minimumDurationInMins: 180, shouldShowBreaks: true },
    ],
    primaryGrades: ['Kindergarten', 'Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5'],
    secondaryGrades: ['Grade 6', 'Grade 7', 'Grade 8', 'Grade 9', 'Grade 10', 'Grade 11', 'Grade 12'],
    earlyLearningGrades: ['Infants', 'Toddlers', 'Pre-K'],
    certifications: [
      'State Substitute Teaching License',
      'Fingerprint Background Check',
      'CPR/AED',
      'Mandated Reporter Training',
      'Bloodborne Pathogens',
    ],
    primaryNames: ['{name} Elementary School', '{suburb} Elementary School', '{suburb} Primary Academy'],
    secondaryNames: ['{suburb} Middle School', '{suburb} High School', '{name} Preparatory Academy'],
    groupNames: ['{place} Unified School District', '{place} Public Schools', '{place} Independent School District'],
    closureWord: 'professional development day',
    mobile: (n) => `(${pad(200 + (n % 700), 3)}) 555-01${pad(n % 100, 2)}`,
    postcode: (base) => base,
    policiesMarkdown: [
      '- Substitutes check in at the main office with a photo ID.',
      '- Please leave sub plans, seating charts and emergency procedures.',
    ].join('\n'),
  },
  CA: {
    code: 'CA',
    locale: 'en-CA',
    currency: 'CAD',
    taxLabel: 'Tax',
    taxRateBasisPoints: 1300,
    paymentTermsDays: 30,
    dayStart: '08:45',
    dayEnd: '15:15',
    lunchMinutes: 40,
    cities: [
      {
        name: 'Toronto',
        timeZone: 'America/Toronto',
        state: 'ON',
        lat: 43.6532,
        lng: -79.3832,
        suburbs: [
          ['Scarborough', 'M1B'],
          ['Etobicoke', 'M9A'],
          ['North York', 'M2N'],
          ['Leslieville', 'M4M'],
          ['Mississauga', 'L5B'],
          ['Markham', 'L3R'],
        ],
      },
      {
        name: 'Ottawa',
        timeZone: 'America/Toronto',
        state: 'ON',
        lat: 45.4215,
        lng: -75.6972,
        suburbs: [
          ['Kanata', 'K2K'],
          ['Orléans', 'K1C'],
          ['Nepean', 'K2G'],
        ],
      },
      {
        name: 'Hamilton',
        timeZone: 'America/Toronto',
        state: 'ON',
        lat: 43.2557,
        lng: -79.8711,
        suburbs: [
          ['Westdale', 'L8S'],
          ['Stoney Creek', 'L8G'],
          ['Dundas', 'L9H'],
        ],
      },
    ],
    streets: [
      'Yonge Street',
      'Queen Street West',
      'Bloor Street',
      'King Street East',
      'Dundas Street',
      'Bathurst Street',
      'Eglinton Avenue',
      'Maple Grove Drive',
      'Bank Street',
      'Main Street West',
      'Sheppard Avenue',
      'Lakeshore Road',
    ],
    classifications: [
      { title: 'Occasional Teacher', unit: 'daily', rateMinor: 26_000, defaultBreakInMins: 40 },
      { title: 'Long-Term Occasional Teacher', unit: 'daily', rateMinor: 30_500, defaultBreakInMins: 40 },
      { title: 'Educational Assistant', unit: 'hourly', rateMinor: 2_800, minimumDurationInMins: 150, shouldShowBreaks: true },
      {
        title: 'Designated Early Childhood Educator',
        unit: 'hourly',
        rateMinor: 2_650,
        minimumDurationInMins: 180,
        earliestEndTime24hr: '12:00',
      },
    ],
    earlyLearningClassifications: [
      {
        title: 'Registered Early Childhood Educator',
        unit: 'hourly',
        rateMinor: 2_700,
        minimumDurationInMins: 240,
        shouldShowBreaks: true,
      },
      { title: 'Child Care Assistant', unit: 'hourly', rateMinor: 2_100, minimumDurationInMins: 180 },
    ],
    primaryGrades: ['JK', 'SK', 'Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5', 'Grade 6'],
    secondaryGrades: ['Grade 7', 'Grade 8', 'Grade 9', 'Grade 10', 'Grade 11', 'Grade 12'],
    earlyLearningGrades: ['Infant', 'Toddler', 'Preschool'],
    certifications: [
      'Ontario College of Teachers (OCT)',
      'Vulnerable Sector Check',
      'Standard First Aid & CPR-C',
      'Non-Violent Crisis Intervention',
    ],
    primaryNames: ['{suburb} Public School', '{suburb} Junior Public School', 'St. {name} Catholic School'],
    secondaryNames: ['{suburb} Secondary School', '{suburb} Collegiate Institute', 'St. {name} Catholic Secondary School'],
    groupNames: ['{place} District School Board', '{place} Catholic District School Board'],
    closureWord: 'PA day',
    mobile: (n) => `(${pad(400 + (n % 500), 3)}) 555-01${pad(n % 100, 2)}`,
    postcode: (base, n) => `${base} ${n % 10}${LETTERS[n % LETTERS.length]}${Math.floor(n / 10) % 10}`,
    policiesMarkdown: [
      '- Occasional teachers sign in at the office and wear their board ID.',
      '- Please leave day plans and the lockdown procedure on the desk.',
    ].join('\n'),
  },
  SG: {
    code: 'SG',
    locale: 'en',
    currency: 'USD',
    taxLabel: 'Tax',
    taxRateBasisPoints: 0,
    paymentTermsDays: 30,
    dayStart: '07:30',
    dayEnd: '14:30',
    lunchMinutes: 30,
    cities: [
      {
        name: 'Singapore',
        timeZone: 'Asia/Singapore',
        state: null,
        lat: 1.3521,
        lng: 103.8198,
        suburbs: [
          ['Bukit Timah', '259772'],
          ['Tampines', '529510'],
          ['Jurong East', '609601'],
          ['Woodlands', '738099'],
          ['Bishan', '579827'],
        ],
      },
    ],
    streets: [
      'Bukit Timah Road',
      'Holland Road',
      'Dunearn Road',
      'Tampines Avenue 5',
      'Jurong East Street 21',
      'Bishan Street 22',
      'Woodlands Drive 14',
    ],
    classifications: [
      { title: 'Relief Teacher', unit: 'daily', rateMinor: 30_000, defaultBreakInMins: 30 },
      { title: 'Teaching Assistant', unit: 'hourly', rateMinor: 2_000, minimumDurationInMins: 180, shouldShowBreaks: true },
      { title: 'Specialist Music Teacher', unit: 'hourly', rateMinor: 6_500, minimumDurationInMins: 60 },
    ],
    earlyLearningClassifications: [{ title: 'Early Years Relief Teacher', unit: 'daily', rateMinor: 26_000 }],
    primaryGrades: ['Primary 1', 'Primary 2', 'Primary 3', 'Primary 4', 'Primary 5', 'Primary 6'],
    secondaryGrades: ['Secondary 1', 'Secondary 2', 'Secondary 3', 'Secondary 4'],
    earlyLearningGrades: ['Nursery', 'Kindergarten 1', 'Kindergarten 2'],
    certifications: ['Teaching Registration', 'First Aid', 'Child Safeguarding'],
    primaryNames: ['{suburb} International School'],
    secondaryNames: ['{suburb} International School'],
    groupNames: ['{place} Education Group'],
    closureWord: 'staff professional day',
    mobile: (n) => `+65 8${pad(n % 1000, 3)} ${pad(Math.floor(n / 1000) % 10000, 4)}`,
    postcode: (base) => base,
    policiesMarkdown: '- Relief staff report to reception.',
  },
};

export const GROUP_PLACES: Record<CountryCode, readonly string[]> = {
  AU: [
    'Coastal',
    'Hinterland',
    'Northern Rivers',
    'Western Plains',
    'Harbour',
    'Bayside',
    'Southern Highlands',
    'Red Centre',
    'Hills',
    'Sunshine',
  ],
  NZ: ['Waitematā', 'Harbour', 'Southern Alps', 'Kāpiti', 'Hutt Valley', 'Bay of Plenty'],
  GB: ['Thames Valley', 'Pennine', 'Mercia', 'Riverside', 'Castle', 'Chiltern', 'Severn', 'Peak District'],
  US: ['Lakeshore', 'Prairie View', 'Riverside', 'Cedar Valley', 'Mountain View', 'Desert Springs', 'Bayview'],
  CA: ['Lakeview', 'Maple Valley', 'Trillium', 'Georgian Bay', 'Rideau', 'Niagara'],
  SG: ['Lion City', 'Straits'],
};

export const SAINTS = [
  'Brigid',
  'Patrick',
  'Michael',
  'Joseph',
  'Mary',
  'Anne',
  'Columba',
  'Aidan',
  'Clare',
  'Francis',
  'Catherine',
  'Andrew',
];
export const SURNAMES_FOR_SCHOOLS = [
  'Lincoln',
  'Franklin',
  'Jefferson',
  'Roosevelt',
  'Hawthorne',
  'Whitman',
  'Carver',
  'Douglass',
  'Edison',
  'Kennedy',
];

export const CANCEL_REASONS = [
  'Teacher returned early',
  'Class excursion cancelled',
  'Booked in error',
  'Covered internally by another staff member',
  'School event rescheduled',
  'Classes combined for the day',
];

export const REJECT_REASONS = [
  'Covered internally',
  'Not approved by the principal',
  'Duplicate request',
  'Budget for relief staff exhausted this term',
  'Wrong classification requested',
];

export const NOTES = [
  'Please sign in at the front office on arrival.',
  'Lesson plans are on the desk; the class list is in the red folder.',
  'Yard duty at recess (oval).',
  'Parking is available behind the gym.',
  'Please collect a lanyard and laptop from the office.',
  'The class has a student with an anaphylaxis plan; details at the office.',
  'Bus duty at 3:15 pm.',
];

export const ROOMS = [
  'Room 4',
  'Room 12',
  'Room 21',
  'Library',
  'Science Lab 2',
  'Gym',
  'Art Room',
  'Music Room',
  'Learning Hub B',
  'Portable 3',
];

export const FEEDBACK_COMMENTS = [
  'Excellent with the class, would happily have back.',
  'Followed the lesson plans well and left great notes.',
  'Arrived early and was very well organised.',
  'Good behaviour management with a tricky group.',
  'Fine, but needed reminders about yard duty.',
];

export const CANDIDATE_SUMMARIES = [
  "Primary-trained teacher with {years} years' experience, most recently in Years 3–6.",
  'Secondary maths and science teacher; {years} years in metropolitan schools.',
  'Calm, organised relief educator with {years} years across primary and secondary settings.',
  'Specialises in learning support and inclusive classrooms; {years} years of experience.',
  'Early childhood educator with {years} years in long day care and preschool rooms.',
  'Former head of English returning to relief work after {years} years in leadership.',
  'Music and performing arts specialist, {years} years of teaching experience.',
];

export const RESTRICTION_MESSAGES = {
  event: [
    '**Athletics carnival**: no relief bookings needed',
    '**Swimming carnival**: all classes offsite',
    '**Year 6 camp**: reduced staffing',
  ],
  works: ['Building works: the **hall and library** are closed', 'Power maintenance: the school is **closed to visitors**'],
};
