/**
 * Prices are free text on the forms ('$20k', '120', '120,000'). Filtering compares them as numbers in
 * thousands, so one parser decides the number for both the server (stored beside the text) and the browser.
 * '$20k' -> 20, '120' -> 120, '120,000' -> 120, '45.5k' -> 45.5; text without a number -> null.
 */
export function parseSalaryThousands(text: string): number | null {
  const cleaned = text.replace(/[\s$€£,_]/g, '').toLowerCase();
  const match = /^(\d+(?:\.\d+)?)(k|m)?/.exec(cleaned);
  if (!match?.[1]) return null;
  const amount = Number(match[1]);
  if (!Number.isFinite(amount)) return null;
  if (match[2] === 'k') return amount;
  if (match[2] === 'm') return amount * 1000;
  // A bare number of a thousand or more is in units ('120,000'); a small one is already in thousands ('120').
  return amount >= 1000 ? amount / 1000 : amount;
}

/** '$20k' -> '20', '120,000' -> '120': how cards and the job page show a price before their 'k'. */
export function formatThousands(text: string): string {
  const value = parseSalaryThousands(text);
  return value === null ? text : String(Math.round(value * 100) / 100);
}
