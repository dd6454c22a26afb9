import { Trans } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';

/**
 * Download everything the board keeps about the account (GET /api/user/export, a ZIP), and what deleting the
 * account removes and keeps. A plain link: the browser saves the file, with or without the app's scripts.
 */
export function YourData() {
  return (
    <section
      aria-labelledby="your-data"
      className="mx-auto mt-8 max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700 shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      <h2 id="your-data" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        <Trans>Your data</Trans>
      </h2>
      <p className="mt-2">
        <Trans>
          Download everything this board keeps about you as a ZIP file: your account, sign-ins, applications with their
          cover notes and CVs, saved jobs, alerts, reports, and the jobs you posted.
        </Trans>
      </p>
      <a href="/api/user/export" download className={buttonClass('secondary', 'mt-4')}>
        <Download size={16} aria-hidden="true" />
        <Trans>Download my data</Trans>
      </a>
      <h3 className="mt-6 font-semibold text-slate-900 dark:text-slate-100">
        <Trans>If you delete your account</Trans>
      </h3>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        <li>
          <Trans>
            Gone at once: your profile and picture, sign-ins, applications and CVs, saved jobs, alerts, reports, and the
            jobs you posted with the applications they received.
          </Trans>
        </li>
        <li>
          <Trans>
            Kept: companies you created stay for their other members, and notes you wrote on applicants stay for the
            hiring team without your name.
          </Trans>
        </li>
      </ul>
    </section>
  );
}
