import type { JobDraft } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { FilePen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Link } from '../../../components/ui/Link';
import { errorMessage } from '../../../lib/api';
import { useReaderLocale } from '../../../lib/locale';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteDraft, useMyDrafts } from '../api/drafts';
import { draftTitle, formFromDraft } from './draft-logic';
import { JobPreviewButton } from './JobPreview';

/** My Jobs' drafts of Post a Job: resume one in the form, preview it as seekers will see it, or delete it. */
export function MyDrafts({ className = '' }: { className?: string }) {
  const user = useCurrentUser();
  const drafts = useMyDrafts(user?._id);
  if (!drafts.data?.length) return null;
  return (
    <section aria-labelledby="my-drafts-heading" className={className} data-testid="my-drafts">
      <h2 id="my-drafts-heading" className="text-lg font-semibold">
        <Trans>Drafts</Trans>
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        <Trans>Not published: nobody else sees them until you post them.</Trans>
      </p>
      <ul aria-labelledby="my-drafts-heading" className="mt-3 grid gap-3">
        {drafts.data.map((draft) => (
          <DraftItem key={draft.id} draft={draft} />
        ))}
      </ul>
    </section>
  );
}

function DraftItem({ draft }: { draft: JobDraft }) {
  const locale = useReaderLocale();
  const remove = useDeleteDraft();
  const [confirming, setConfirming] = useState(false);
  const { t, i18n } = useLingui();
  const title = draftTitle(draft.payload, i18n);
  const saved = new Date(draft.updatedAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-4 sm:flex-row sm:items-center sm:justify-between dark:border-slate-700 dark:bg-slate-900">
      <div className="min-w-0">
        <p dir="auto" className="font-semibold wrap-anywhere">
          {title}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {draft.payload.companyName ? (
            <>
              <bdi>{draft.payload.companyName}</bdi> ·{' '}
            </>
          ) : null}
          <Trans>Saved {saved}</Trans>
        </p>
        {remove.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorMessage(remove.error)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {confirming ? (
          <>
            <span className="self-center text-sm">
              <Trans>Delete this draft?</Trans>
            </span>
            <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(draft.id)}>
              <Trans>Yes, delete it</Trans>
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              <Trans>Keep it</Trans>
            </Button>
          </>
        ) : (
          <>
            <Link to={`/post-job?draft=${draft.id}`} className={buttonClass('primary')} aria-label={t`Resume ${title}`}>
              <FilePen size={16} aria-hidden="true" />
              <Trans>Resume</Trans>
            </Link>
            <JobPreviewButton
              values={formFromDraft(draft.payload)}
              label={t`Preview ${title}`}
              closeLabel={t`Close`}
              className=""
            />
            <Button variant="ghost" onClick={() => setConfirming(true)} aria-label={t`Delete ${title}`}>
              <Trash2 size={16} aria-hidden="true" />
              <Trans>Delete</Trans>
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
