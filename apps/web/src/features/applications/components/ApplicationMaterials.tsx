import { fileSizeText, type Application } from '@jobboard/shared';
import { FileText } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { isPdfCv, useOpenCv } from '../api/cv';

type Materials = Pick<Application, '_id' | 'applicantName' | 'coverNote' | 'cv'>;

/** True when the applicant sent a cover note or a CV with the application (decision record 23). */
export function hasMaterials(application: Materials): boolean {
  return Boolean(application.coverNote) || Boolean(application.cv);
}

/** A note this long, or of more lines, starts folded. */
const FOLD_CHARACTERS = 280;
const FOLD_LINES = 4;

/**
 * What the applicant sent with the application: the cover note (folded when long) and the CV behind a button that
 * fetches a fresh signed link (a PDF opens in a new tab). Both layouts of Responses (the table and the cards) render this one component;
 * Applied Jobs shows the same to the applicant.
 */
export function ApplicationMaterials({ application, className = '' }: { application: Materials; className?: string }) {
  const [expanded, setExpanded] = useState(false);
  const noteId = useId();
  const openCv = useOpenCv();
  const { t } = useLingui();
  const note = application.coverNote ?? '';
  const long = note.length > FOLD_CHARACTERS || note.split('\n').length > FOLD_LINES;
  if (!hasMaterials(application)) return null;
  const applicantName = application.applicantName;
  const cvLabel = ({ fileName, size: bytes }: { fileName: string; size: number }) => {
    const size = fileSizeText(bytes);
    return isPdfCv(fileName)
      ? t`Open CV of ${applicantName} (${fileName}, ${size}, opens in a new tab)`
      : t`Open CV of ${applicantName} (${fileName}, ${size})`;
  };
  return (
    <div className={`space-y-2 text-sm ${className}`} data-testid="application-materials">
      {note ? (
        <div>
          <p className="font-semibold text-slate-800 dark:text-slate-200">
            <Trans>Cover note</Trans>
          </p>
          <p
            id={noteId}
            data-testid="cover-note"
            dir="auto"
            className={`mt-1 whitespace-pre-line wrap-anywhere text-slate-800 dark:text-slate-200 ${long && !expanded ? 'line-clamp-3' : ''}`}
          >
            {note}
          </p>
          {long ? (
            <button
              type="button"
              className="mt-1 text-sm font-medium text-teal-800 underline hover:no-underline dark:text-teal-300"
              aria-expanded={expanded}
              aria-controls={noteId}
              onClick={() => setExpanded((value) => !value)}
            >
              {expanded ? t`Show less` : t`Read the whole note`}
            </button>
          ) : null}
        </div>
      ) : null}
      {application.cv ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-sm"
            onClick={() => openCv.open(application._id, application.cv?.fileName ?? '')}
            disabled={openCv.isPending}
            aria-label={cvLabel(application.cv)}
          >
            <FileText size={16} aria-hidden="true" className="me-1.5 inline" />
            {openCv.isPending ? t`Opening…` : t`Open CV`}
          </Button>
          <span className="break-all text-slate-700 dark:text-slate-300">
            {application.cv.fileName} · {fileSizeText(application.cv.size)}
          </span>
          {openCv.isError ? (
            <p role="alert" className="w-full text-red-700 dark:text-red-300">
              {errorMessage(openCv.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
