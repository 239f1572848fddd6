import { Faker, base, en, en_AU, en_CA, en_GB, en_US, type LocaleDefinition } from '@faker-js/faker';
import type { CountryCode } from './reference-data';

/**
 * Names per country, drawn once from a seeded faker and then combined by the cheap PRNG.
 * faker has no en_NZ or Singapore locale: New Zealand mixes en_AU with Māori names, Singapore en with
 * common Singaporean names.
 */
export interface NamePool {
  firstNames: readonly string[];
  lastNames: readonly string[];
}

const MAORI_FIRST = [
  'Aroha',
  'Tama',
  'Wiremu',
  'Mere',
  'Hēmi',
  'Ngaio',
  'Rāwiri',
  'Manaia',
  'Anahera',
  'Kahu',
  'Nikau',
  'Mereana',
  'Tāne',
  'Hana',
];
const MAORI_LAST = ['Ngata', 'Parata', 'Tipene', 'Walker', 'Horomona', 'Te Rangi', 'Pōtae', 'Rāwiri', 'Tuhiwai', 'Karaka'];
const SG_FIRST = ['Wei Ling', 'Jun Jie', 'Hui Min', 'Arjun', 'Siti', 'Nurul', 'Kumar', 'Mei Xin', 'Jia Hao', 'Priya', 'Farah', 'Zhi Hao'];
const SG_LAST = ['Tan', 'Lim', 'Lee', 'Ng', 'Wong', 'Goh', 'Chua', 'Rajan', 'Abdullah', 'Koh', 'Teo', 'Menon'];

const FAKER_LOCALES: Record<CountryCode, LocaleDefinition> = { AU: en_AU, NZ: en_AU, GB: en_GB, US: en_US, CA: en_CA, SG: en };

export function buildNamePools(seed: number): Record<CountryCode, NamePool> {
  const pools = {} as Record<CountryCode, NamePool>;
  (Object.keys(FAKER_LOCALES) as CountryCode[]).forEach((code, index) => {
    const faker = new Faker({ locale: [FAKER_LOCALES[code], en, base] });
    faker.seed(seed + index * 7919);
    const firstNames = new Set<string>();
    const lastNames = new Set<string>();
    for (let i = 0; i < 400 && firstNames.size < 160; i++) firstNames.add(ascii(faker.person.firstName()));
    for (let i = 0; i < 400 && lastNames.size < 160; i++) lastNames.add(ascii(faker.person.lastName()));
    const first = [...firstNames];
    const last = [...lastNames];
    if (code === 'NZ') {
      first.push(...MAORI_FIRST, ...MAORI_FIRST);
      last.push(...MAORI_LAST, ...MAORI_LAST);
    }
    if (code === 'SG') {
      first.splice(0, Math.floor(first.length / 2), ...SG_FIRST, ...SG_FIRST, ...SG_FIRST);
      last.splice(0, Math.floor(last.length / 2), ...SG_LAST, ...SG_LAST, ...SG_LAST);
    }
    pools[code] = { firstNames: first, lastNames: last };
  });
  return pools;
}

/** Plain ASCII for e-mail local parts and slugs (names themselves keep their accents). */
export function ascii(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export function slug(text: string): string {
  return ascii(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function emailLocal(first: string, last: string): string {
  return `${slug(first).replace(/-/g, '')}.${slug(last).replace(/-/g, '')}`;
}

const NICKNAMES: Record<string, string> = {
  Alexander: 'Alex',
  Alexandra: 'Alex',
  Elizabeth: 'Liz',
  William: 'Will',
  Katherine: 'Kate',
  Catherine: 'Cate',
  Christopher: 'Chris',
  Jennifer: 'Jen',
  Matthew: 'Matt',
  Michael: 'Mike',
  Nicholas: 'Nick',
  Samantha: 'Sam',
  Samuel: 'Sam',
  Benjamin: 'Ben',
  Rebecca: 'Bec',
  Thomas: 'Tom',
  Daniel: 'Dan',
  Jessica: 'Jess',
  Victoria: 'Tori',
  Joshua: 'Josh',
  'Wei Ling': 'Wei',
  'Jun Jie': 'JJ',
};

export function nicknameOf(first: string): string | null {
  return NICKNAMES[first] ?? null;
}
