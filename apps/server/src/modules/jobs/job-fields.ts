import { countryName, skillKey, SKILL_OPTIONS, type Skill, type Workplace } from '@jobboard/shared';

/**
 * Stored forms of a job's fields, shared by the job service and the bulk loaders (demo/seed.ts), so a job reads
 * the same however it was written.
 */

/** Labels of the spec's nine skills come from the option list, whatever case a client sent; other skills read as typed. */
export function canonicalSkills(skills: { value: string }[]): Skill[] {
  const seen = new Set<string>();
  return skills.flatMap((skill) => {
    const key = skillKey(skill.value);
    if (!key || seen.has(key)) return [];
    seen.add(key);
    const option = SKILL_OPTIONS.find((o) => o.value.toLowerCase() === key);
    const value = option?.value ?? skill.value.normalize('NFKC').trim().replace(/\s+/g, ' ');
    return [{ value, label: option?.label ?? value }];
  });
}

/** The spec's `jobLocation` text of a structured place: the city, or "Remote", or the country's name. */
export function jobLocationText(city: string, country: string, workplace: Workplace): string {
  return city || (workplace === 'remote' ? 'Remote' : countryName(country));
}
