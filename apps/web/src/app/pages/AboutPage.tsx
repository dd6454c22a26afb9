import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Briefcase, Search, Users } from 'lucide-react';
import { Link } from '../../components/ui/Link';
import { buttonClass } from '../../components/ui/Button';
import { useSiteInfo } from '../../lib/site';
import { SitePageBody, useSitePage } from './SitePageBody';

const points = [
  {
    icon: Search,
    title: msg`Find the right role`,
    text: msg`Search and filter listings by location, salary, experience and type of employment.`,
  },
  {
    icon: Briefcase,
    title: msg`Post jobs in minutes`,
    text: msg`Publish an opening, edit it at any time, and see who applied.`,
  },
  { icon: Users, title: msg`Built for people`, text: msg`Job seekers and employers meet in one simple, fast place.` },
];

/** The About page: the administrators' text when they wrote one (site pages), else the spec's, as designed. */
export function AboutPage() {
  const page = useSitePage('about');
  const { siteName } = useSiteInfo();
  const { i18n } = useLingui();
  if (page.data && !page.data.isDefault)
    return (
      <section className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          <Trans>About {siteName}</Trans>
        </h1>
        <div className="mt-6">
          <SitePageBody html={page.data.html} />
        </div>
      </section>
    );
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        <Trans>Welcome to {siteName}</Trans>
      </h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        <Trans>
          Welcome! {siteName} connects people with career opportunities across industries. Whether you are looking for
          your next role or for the right person to join your team, you are in the right place.
        </Trans>
      </p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {points.map(({ icon: Icon, title, text }) => (
          <li
            key={title.id}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <Icon className="text-teal-700 dark:text-teal-300" aria-hidden="true" />
            <h2 className="mt-3 font-semibold">{i18n._(title)}</h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{i18n._(text)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass('primary')}>
          <Trans>Browse jobs</Trans>
        </Link>
        <Link to="/sign-up" className={buttonClass('secondary')}>
          <Trans>Create an account</Trans>
        </Link>
      </div>
    </section>
  );
}
