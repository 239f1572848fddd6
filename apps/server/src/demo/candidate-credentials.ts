import type { CountryCode } from './reference-data';
import { Random } from './random';

/**
 * Qualifications and compliance checks of a demo educator, per country (a working-with-children check in
 * Australia, police vetting in New Zealand, an enhanced DBS check in the UK, …). Drawn from the educator's own
 * id, so adding them leaves the rest of the world (drawn from the world's generator) unchanged.
 */

type Qualification = { name: string; issuer: string | null; year: number | null };
type ComplianceCheck = { name: string; reference: string | null; expiresOn: string | null };

const DEGREES: Record<CountryCode, Array<[string, string]>> = {
  AU: [
    ['Bachelor of Education (Primary)', 'Queensland University of Technology'],
    ['Master of Teaching (Secondary)', 'University of Melbourne'],
    ['Diploma of Early Childhood Education and Care', 'TAFE NSW'],
    ['Certificate III in School Based Education Support', 'TAFE Queensland'],
  ],
  NZ: [
    ['Bachelor of Teaching (Primary)', 'University of Auckland'],
    ['Graduate Diploma of Teaching (Secondary)', 'University of Canterbury'],
    ['Bachelor of Teaching (Early Childhood Education)', 'Massey University'],
  ],
  GB: [
    ['PGCE Primary with QTS', 'University College London'],
    ['BA (Hons) Primary Education with QTS', 'University of Leeds'],
    ['Level 3 Certificate in Supporting Teaching and Learning', 'NCFE CACHE'],
  ],
  US: [
    ['B.S. Elementary Education', 'Arizona State University'],
    ['M.Ed. Curriculum and Instruction', 'University of Texas at Austin'],
    ['Associate of Arts in Early Childhood Education', 'Maricopa Community Colleges'],
  ],
  CA: [
    ['Bachelor of Education (Primary/Junior)', 'University of Toronto'],
    ['Bachelor of Education (Intermediate/Senior)', 'Queen’s University'],
    ['Early Childhood Education Diploma', 'George Brown College'],
  ],
  SG: [
    ['Postgraduate Diploma in Education', 'National Institute of Education'],
    ['Bachelor of Arts (Education)', 'National Institute of Education'],
  ],
};

/** The check every educator of the country must hold to work with children, and the teacher registration. */
const CHECKS: Record<CountryCode, { check: string; prefix: string; years: number; registration: string }> = {
  AU: { check: 'Working with Children Check', prefix: 'WWC', years: 5, registration: 'Teacher registration' },
  NZ: { check: 'Police vetting', prefix: 'NZPV', years: 3, registration: 'Teaching Council practising certificate' },
  GB: { check: 'Enhanced DBS check', prefix: 'DBS', years: 3, registration: 'Qualified Teacher Status (TRN)' },
  US: { check: 'Fingerprint clearance card', prefix: 'FCC', years: 6, registration: 'State teaching certificate' },
  CA: { check: 'Vulnerable sector check', prefix: 'VSC', years: 3, registration: 'College of Teachers certificate' },
  SG: { check: 'Police background check', prefix: 'SPF', years: 3, registration: 'MOE teaching registration' },
};

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function candidateCredentials(
  candidateId: number,
  country: CountryCode,
  nowMs: number,
): { qualifications: Qualification[]; complianceChecks: ComplianceCheck[] } {
  const rng = new Random(Math.imul(candidateId, 2654435761) ^ 0x5bd1e995);
  const year = new Date(nowMs).getUTCFullYear();
  const degrees = DEGREES[country];
  const first = degrees[rng.int(0, degrees.length - 1)]!;
  const qualifications: Qualification[] = [{ name: first[0], issuer: first[1], year: year - rng.int(2, 20) }];
  if (rng.chance(0.35)) {
    const second = degrees[rng.int(0, degrees.length - 1)]!;
    if (second[0] !== first[0]) qualifications.push({ name: second[0], issuer: second[1], year: year - rng.int(1, 10) });
  }
  qualifications.push({ name: 'First Aid (HLTAID011 or equivalent)', issuer: 'St John Ambulance', year: year - rng.int(0, 2) });

  const { check, prefix, years, registration } = CHECKS[country];
  // Mostly valid for a while; some expiring within weeks, a few already expired (the school should see it).
  const roll = rng.next();
  const checkDays = roll < 0.06 ? -rng.int(1, 90) : roll < 0.16 ? rng.int(1, 60) : rng.int(61, years * 365);
  const complianceChecks: ComplianceCheck[] = [
    { name: check, reference: `${prefix}${String(100000 + rng.int(0, 899999))}`, expiresOn: isoDay(nowMs + checkDays * 86_400_000) },
    {
      name: registration,
      reference: String(rng.int(100000, 999999)),
      expiresOn: isoDay(nowMs + rng.int(30, 5 * 365) * 86_400_000),
    },
    { name: 'First aid certificate', reference: null, expiresOn: isoDay(nowMs + rng.int(-20, 3 * 365) * 86_400_000) },
  ];
  if (rng.chance(0.3)) complianceChecks.push({ name: 'Right to work', reference: null, expiresOn: null });
  return { qualifications, complianceChecks };
}
