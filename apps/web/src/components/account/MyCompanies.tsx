import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Building2 } from 'lucide-react';
import { useMyCompanies } from '../../lib/companies';
import { useCurrentUser } from '../../lib/session';
import { Link } from '../ui/Link';

/**
 * The companies the signed-in user is a member of, each a link to its page (where members edit it and manage
 * its members). Nothing while there are none.
 */
export function MyCompanies({ className = '' }: { className?: string }) {
  const user = useCurrentUser();
  const companies = useMyCompanies(user?.email);
  const list = Array.isArray(companies.data) ? companies.data : [];
  const { t } = useLingui();
  if (list.length === 0) return null;
  return (
    <section className={className} aria-labelledby="my-companies-heading">
      <h2
        id="my-companies-heading"
        className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
      >
        <Trans>My companies</Trans>
      </h2>
      <ul aria-label={t`My companies`} className="mt-2 flex flex-wrap gap-2">
        {list.map((company) => (
          <li key={company.id}>
            <Link
              to={`/company/${company.slug}`}
              className="inline-flex items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-teal-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-teal-300 dark:hover:bg-slate-800"
            >
              <Building2 size={14} aria-hidden="true" />
              <span className="wrap-anywhere">{company.name}</span>
            </Link>
            <span className="sr-only">, </span>
            <span className="ms-1 text-xs text-slate-600 dark:text-slate-300">
              <Plural value={company.openJobs} one="# open job" other="# open jobs" />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
