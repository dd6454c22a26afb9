import { BriefcaseBusiness } from '../../components/ui/icons';
import { Link } from '../../components/ui/Link';
import { useSiteInfo } from '../../lib/site';

/** The header's home link: the site's logo and name (site settings), or the built-in mark and "Jobboard". */
export function SiteBrand() {
  const { siteName, logoUrl } = useSiteInfo();
  return (
    <Link
      to="/"
      className="flex min-w-0 items-center gap-2 text-lg font-bold tracking-tight text-slate-900 dark:text-white"
      aria-label={`${siteName} home`}
    >
      {logoUrl ? (
        <img src={logoUrl} alt="" className="h-9 w-9 shrink-0 rounded-xl object-contain" />
      ) : (
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-xl bg-teal-700 text-white">
          <BriefcaseBusiness size={20} aria-hidden="true" />
        </span>
      )}
      {/* A long name is cut short, never the nav's words (the link's label says it whole). */}
      <span dir="auto" className="max-w-32 truncate lg:max-w-24">
        {siteName}
      </span>
    </Link>
  );
}
