import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@jobboard/shared';
import { useLingui } from '@lingui/react/macro';
import { Languages } from '../../components/ui/icons';
import { chooseLanguage } from '../../lib/language';
import { useCurrentUser } from '../../lib/session';

/**
 * The board's languages, each named in itself (a reader who does not know the current one still finds theirs).
 * A native select: every phone and screen reader knows it, and it needs no script of its own to open.
 */
export function LanguageMenu({ id, className = '' }: { id: string; className?: string }) {
  const { i18n, t } = useLingui();
  const user = useCurrentUser();
  return (
    <div className={`relative flex items-center ${className}`}>
      <Languages
        size={18}
        className="pointer-events-none absolute start-2 text-slate-500 dark:text-slate-400"
        aria-hidden="true"
      />
      <label htmlFor={id} className="sr-only">
        {t`Language`}
      </label>
      <select
        id={id}
        data-testid="language-menu"
        value={i18n.locale}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          void chooseLanguage(i18n, language, user?._id ?? null);
        }}
        className="h-10 rounded-lg border border-slate-300 bg-white pe-2 ps-8 text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
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
