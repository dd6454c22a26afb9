import { Trans } from '@lingui/react/macro';
import { Link } from '../../components/ui/Link';
import { buttonClass } from '../../components/ui/Button';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-6xl font-extrabold text-teal-700 dark:text-teal-300">404</p>
      <h1 className="mt-4 text-2xl font-bold">
        <Trans>Page not found</Trans>
      </h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        <Trans>The page you are looking for does not exist or has moved.</Trans>
      </p>
      <Link to="/" className={buttonClass('primary', 'mt-8')}>
        <Trans>Back to all jobs</Trans>
      </Link>
    </section>
  );
}
