/** The company page's cards: the company itself, its members, its API keys. */
export const cardClass =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900';
