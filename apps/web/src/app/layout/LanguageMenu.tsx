import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@jobboard/shared';
import { useLingui } from '@lingui/react/macro';
import { Languages } from '../../components/ui/icons';
import { chooseLanguage } from '../../lib/language';
import { useCurrentUser } from '../../lib/session';

const fullClass =
  'h-10 rounded-lg border border-slate-300 bg-white pe-2 ps-8 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
// The header's: only the icon shows (the row has no room for a name), the list still names every language.
const compactClass =
  'h-10 w-10 appearance-none rounded-full text-transparent hover:bg-slate-100 dark:hover:bg-slate-800 [&>option]:text-black dark:[&>option]:text-white';

/**
 * The board's languages, each named in itself (a reader who does not know the current one still finds theirs).
 * A native select: every phone and screen reader knows it, and it needs no script of its own to open.
 */
export function LanguageMenu({
  id,
  compact = false,
  className = '',
}: {
  id: string;
  compact?: boolean;
  className?: string;
}) {
  const { i18n, t } = useLingui();
  const user = useCurrentUser();
  return (
    <div className={`relative flex items-center ${compact ? 'justify-center' : ''} ${className}`}>
      <Languages
        size={compact ? 20 : 18}
        className={`pointer-events-none absolute text-slate-700 dark:text-slate-200 ${compact ? '' : 'start-2'}`}
        aria-hidden="true"
      />
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          void chooseLanguage(language, user?._id ?? null);
        }}
        className={compact ? compactClass : fullClass}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
