import { Briefcase, Search, Users } from 'lucide-react';
import { Link } from '../../components/ui/Link';
import { buttonClass } from '../../components/ui/Button';
import { useSiteInfo } from '../../lib/site';
import { SitePageBody, useSitePage } from './SitePage';

const points = [
  {
    icon: Search,
    title: 'Find the right role',
    text: 'Search and filter listings by location, salary, experience and type of employment.',
  },
  {
    icon: Briefcase,
    title: 'Post jobs in minutes',
    text: 'Publish an opening, edit it at any time, and see who applied.',
  },
  { icon: Users, title: 'Built for people', text: 'Job seekers and employers meet in one simple, fast place.' },
];

/** The About page: the administrators' text when they wrote one (site pages), else the spec's, as designed. */
export function AboutPage() {
  const page = useSitePage('about');
  const { siteName } = useSiteInfo();
  if (page.data && !page.data.isDefault)
    return (
      <section className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">About {siteName}</h1>
        <div className="mt-6">
          <SitePageBody html={page.data.html} />
        </div>
      </section>
    );
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Welcome to {siteName}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
        Welcome! {siteName} connects people with career opportunities across industries. Whether you are looking for
        your next role or for the right person to join your team, you are in the right place.
      </p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {points.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <Icon className="text-teal-700 dark:text-teal-300" aria-hidden="true" />
            <h2 className="mt-3 font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/" className={buttonClass('primary')}>
          Browse jobs
        </Link>
        <Link to="/sign-up" className={buttonClass('secondary')}>
          Create an account
        </Link>
      </div>
    </section>
  );
}
