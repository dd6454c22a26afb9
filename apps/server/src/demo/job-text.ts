import { countryInSentence, nameOfCountry } from './country-pay.js';
import type { Workplace } from './generated-job.js';
import { type Level } from './industries.js';
import { type Random, item } from './random.js';

/** The words of a generated job's description: introductions, duty leads, perks, closings; its place and skills as sentences. */

/** 'a' or 'an' before a title, by its sound ('an HR Manager', 'a UX Designer', 'a .NET Developer'). */
function withArticle(title: string): string {
  const an = /^(?:[AEIO]|U(?!X|ser|ni|ti)|HR\b|HVAC|HGV|FP&A|ML\b|SEO|SQL|MBA|NLP|R&D|SAP|X-ray)/.test(title);
  return `${an ? 'an' : 'a'} ${title}`;
}

/** 'A', 'A and B', 'A, B and C'. */
export function listOf(items: readonly string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1] ?? ''}`;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four'];

export const INTROS: ((company: string, title: string, team: string) => string)[] = [
  (company, title, team) => `${company} is hiring ${withArticle(title)} to join its ${team} team.`,
  (company, title, team) => `${company} is looking for ${withArticle(title)} to strengthen its ${team} team.`,
  (company, title) => `Join ${company} as ${withArticle(title)}.`,
  (company, title) => `We are ${company}, and we are looking for ${withArticle(title)}.`,
  (company, title, team) => `${company} has an opening for ${withArticle(title)} in its ${team} team.`,
];

export const DUTY_LEADS = [
  'In this role, you will',
  'Day to day, you will',
  'As part of the team, you will',
  'You will',
];

export const PERKS = [
  'We offer a competitive salary, paid holidays and a yearly learning budget.',
  'Benefits include health insurance, a pension plan and flexible working hours.',
  'You will get a clear onboarding plan, a mentor and regular feedback.',
  'We support your growth with training, conference tickets and internal moves.',
  'The role comes with paid parental leave and a generous holiday allowance.',
  'Expect a friendly team, clear goals and managers who care about your development.',
  'We provide all the equipment you need and pay for relevant certifications.',
];

export const CLOSINGS = [
  'To apply, send your CV and a few lines about why this role interests you.',
  'We review every application and reply within two weeks.',
  'We welcome applicants of every background and will adjust the interview process to your needs.',
];

export const DESCRIPTION_MIN = 300;
export const DESCRIPTION_MAX = 900;

export function placeSentence(
  random: Random,
  workplace: Workplace,
  city: string,
  country: string,
  remoteCountries: string[],
): string {
  // 'Singapore', not 'Singapore, Singapore'.
  const where = !city ? '' : city === nameOfCountry(country) ? city : `${city}, ${nameOfCountry(country)}`;
  if (workplace === 'on-site') {
    return random() < 0.5
      ? `The position is based in ${where} and is fully on-site.`
      : `You will work on-site at our location in ${where}.`;
  }
  if (workplace === 'hybrid') {
    const days = item(NUMBER_WORDS, 2 + Math.floor(random() * 2));
    return `This is a hybrid role: you will spend ${days} days a week at our office in ${where} and work from home the rest of the time.`;
  }
  const scope =
    remoteCountries.length === 0
      ? 'candidates anywhere in the world'
      : `candidates living in ${listOf(remoteCountries.map(countryInSentence), 'or')}`;
  return city
    ? `This role is fully remote and open to ${scope}; the team is based in ${where}.`
    : `This role is fully remote and open to ${scope}.`;
}

export function skillsSentence(random: Random, level: Level, skills: string[]): string {
  const shown = skills.slice(0, Math.min(skills.length, 4));
  const list = listOf(shown);
  if (level.experience === 'Internship')
    return `This internship suits a student or recent graduate who is curious about ${list}.`;
  if (level.experience === 'No Experience')
    return `No prior experience is required, but some familiarity with ${list} will help.`;
  const r = random();
  if (r < 0.3) return `We are looking for someone comfortable with ${list}.`;
  if (r < 0.6) return `You bring experience with ${list}.`;
  if (r < 0.8 || shown.length < 3) return `The ideal candidate knows ${list} well.`;
  return `You bring experience with ${listOf(shown.slice(0, -1))}; knowing ${shown[shown.length - 1] ?? ''} is a plus.`;
}
