import { formatThousands } from '@jobboard/shared';

/** '$20k', '$120k' -> '20k - 120k': cards and the job page show salary in thousands. */
export function salaryRangeK(minPrice: string, maxPrice: string): string {
  return `${formatThousands(minPrice)}k - ${formatThousands(maxPrice)}k`;
}

/** Applied Jobs shows salary in dollars: '$20k - $120k' for free text '20k', '$120k'. */
export function salaryRangeDollars(minPrice: string, maxPrice: string): string {
  const dollars = (text: string) => (text.trim().startsWith('$') ? text.trim() : `$${text.trim()}`);
  return `${dollars(minPrice)} - ${dollars(maxPrice)}`;
}

/**
 * First n characters followed by dots (spec: cards show the first 100 characters of the description), read
 * without the Markdown marks the job page renders (decision 27): '## About', '**bold**', '[text](url)', '- item'.
 */
export function excerpt(text: string, length = 100): string {
  const plain = text
    .replace(/!?\[([^\]\n]+)\]\([^)\s]*\)/g, '$1')
    .replace(/^ {0,3}(?:#{1,6}|[-*+]|\d{1,9}[.)])[ \t]+/gm, '')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?!\w)/g, '$1$2');
  return `${plain.slice(0, length)}...`;
}

/** APPLICATION DATE: the first 10 characters of the stored date (yyyy-mm-dd). */
export function dateOnly(value: string): string {
  return value.slice(0, 10);
}

/**
 * A facet's count beside its option: the number, or for an estimate '~1.2K' (a sampled 0 is left out: the option
 * may still have a few matches).
 */
export function countLabel(value: number | undefined, estimated = false): string | undefined {
  if (value === undefined) return undefined;
  if (!estimated) return String(value);
  if (value === 0) return undefined;
  return `~${new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 2 }).format(value)}`;
}
