import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';
import { applyLinkOf } from '../api/apply-options';

/**
 * Apply on a job that takes applications on its company's site (issue 33): a plain link through the server, which
 * counts the seeker and sends them on, so it works before the page's script has loaded too.
 */
export function ExternalApplyLink({ jobId, companyName }: { jobId: string; companyName: string }) {
  const { t } = useLingui();
  return (
    <div>
      <a
        href={applyLinkOf(jobId)}
        rel="noopener nofollow"
        data-testid="external-apply"
        className={buttonClass('primary', 'w-full py-3')}
      >
        <Trans>Apply on the company's site</Trans>
        <ExternalLink size={16} aria-hidden="true" className="rtl:[transform:scaleX(-1)]" />
      </a>
      <p className="mt-2 text-center text-xs text-slate-600 dark:text-slate-300">
        {companyName ? (
          <Trans>
            <bdi>{companyName}</bdi> takes applications on its own site.
          </Trans>
        ) : (
          t`The employer takes applications on its own site.`
        )}
      </p>
    </div>
  );
}
