import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronRight } from '../../components/ui/icons';
import { Link } from '../../components/ui/Link';

export function Breadcrumb({ page }: { page: string }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Breadcrumb`} className="mb-6">
      <ol className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
        <li>
          <Link to="/" className="font-medium text-teal-800 hover:underline dark:text-teal-300">
            <Trans>Home</Trans>
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRight size={14} className="rtl:[transform:scaleX(-1)]" />
        </li>
        {/* <bdi>: the page may be named by what someone wrote (a company's name), in any direction. */}
        <li aria-current="page" className="font-medium text-slate-800 dark:text-slate-100">
          <bdi>{page}</bdi>
        </li>
      </ol>
    </nav>
  );
}
