import { type ApplicationStage, type ReceivedApplication } from '@jobboard/shared';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import {
  CardActions,
  CardEmpty,
  CardField,
  CardFields,
  CardHeading,
  CardList,
  cardClass,
} from '../../../components/ui/CardList';
import { Link } from '../../../components/ui/Link';
import { cellClass, EmptyRow, rowClass, Table } from '../../../components/ui/Table';
import { dateOnly } from '../../../lib/format';
import { NO_DATA_FOUND } from '../stage-words';
import { ApplicationMaterials, hasMaterials } from './ApplicationMaterials';
import { CandidateSummary, hasCandidateDetails } from './CandidateSummary';
import { NotesPanel } from './NotesPanel';
import { KnockOutBadge, ScreeningAnswersView } from './ScreeningAnswersView';
import { StageControl, whoOf } from './StageMove';
import { UnreadMessages } from './UnreadMessages';

const HEADERS = [
  msg`NO.`,
  msg`TITLE`,
  msg`NAME`,
  msg`RESUME LINK`,
  msg`E-MAIL`,
  msg`APPLICATION DATE`,
  msg`STAGE`,
  msg`NOTES`,
] as const;

// The content of one application, shown by a table row (600 px and wider) and by a card (narrower) alike: add to
// these components, and both layouts show it.

/** The applicant's name, opening the candidate page: messages, interviews, stage history (decision 42). */
function CandidateLink({ application }: { application: ReceivedApplication }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Link
        to={`/candidates/${application._id}`}
        className="text-teal-800 underline-offset-2 hover:underline dark:text-teal-300"
        dir="auto"
      >
        {application.applicantName}
      </Link>
      <UnreadMessages applicationId={application._id} />
    </span>
  );
}

function ResumeLink({ application }: { application: ReceivedApplication }) {
  if (!application.applicantResume)
    return (
      <span className="text-slate-600 dark:text-slate-300">
        <Trans>No Resume Listed</Trans>
      </span>
    );
  return (
    <a
      href={application.applicantResume}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-teal-800 underline hover:text-teal-900 dark:text-teal-300 dark:hover:text-teal-200"
    >
      <Trans>Resume</Trans>
      <ExternalLink size={14} aria-hidden="true" className="rtl:[transform:scaleX(-1)]" />
      <span className="sr-only">
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}

function ApplicantEmail({ application, className = '' }: { application: ReceivedApplication; className?: string }) {
  return (
    <a href={`mailto:${application.applicantEmail}`} className={`hover:underline ${className}`}>
      {application.applicantEmail}
    </a>
  );
}

function NotesToggle({
  application,
  open,
  onToggle,
  className,
}: {
  application: ReceivedApplication;
  open: boolean;
  onToggle: () => void;
  className: string;
}) {
  const { t } = useLingui();
  const who = whoOf(application);
  const count = application.notesCount;
  return (
    <Button
      variant="secondary"
      className={className}
      aria-expanded={open}
      aria-controls={`notes-${application._id}`}
      aria-label={t`Notes on ${who}: ${count}`}
      onClick={onToggle}
    >
      <Trans>Notes ({count})</Trans>
    </Button>
  );
}

/** One application as a table row or a card: its number, whether its notes are open, and its stage move. */
interface ResponseItemProps {
  application: ReceivedApplication;
  number: number;
  notesOpen: boolean;
  onToggleNotes: () => void;
  busy: boolean;
  onStage: (application: ReceivedApplication, stage: ApplicationStage) => void;
}

/** A table row, with a row for the note and CV under it and one for the notes when they are open. */
function ResponseRow({ application, number, notesOpen, onToggleNotes, busy, onStage }: ResponseItemProps) {
  return (
    <>
      <tr className={rowClass} data-testid="response-row">
        <td className={cellClass}>{number}</td>
        <td className={`${cellClass} font-medium`} dir="auto">
          {application.jobTitle}
        </td>
        <td className={cellClass}>
          <CandidateLink application={application} />
          <KnockOutBadge screening={application.screening} />
        </td>
        <td className={cellClass}>
          <ResumeLink application={application} />
        </td>
        <td className={cellClass}>
          <ApplicantEmail application={application} className="whitespace-nowrap" />
        </td>
        <td className={cellClass}>{dateOnly(application.appliedDate)}</td>
        <td className={cellClass}>
          <StageControl application={application} busy={busy} onStage={onStage} className="min-w-32 py-1.5" />
        </td>
        <td className={cellClass}>
          <NotesToggle
            application={application}
            open={notesOpen}
            onToggle={onToggleNotes}
            className="whitespace-nowrap px-2 py-1 text-xs"
          />
        </td>
      </tr>
      {hasMaterials(application) || hasCandidateDetails(application) ? (
        <tr>
          <td colSpan={HEADERS.length} className="px-4 pb-3 pt-0">
            <CandidateSummary application={application} className="mb-2" />
            <ApplicationMaterials application={application} />
          </td>
        </tr>
      ) : null}
      {application.screening?.answers.length ? (
        <tr>
          <td colSpan={HEADERS.length} className="px-4 pb-3 pt-0">
            <ScreeningAnswersView screening={application.screening} />
          </td>
        </tr>
      ) : null}
      {notesOpen ? (
        <tr id={`notes-${application._id}`}>
          <td colSpan={HEADERS.length} className="bg-slate-50 px-4 py-4 dark:bg-slate-800/40">
            <NotesPanel application={application} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function ResponseCard({ application, number, notesOpen, onToggleNotes, busy, onStage }: ResponseItemProps) {
  const { i18n } = useLingui();
  return (
    <li className={cardClass} data-testid="response-row">
      <CardHeading number={number}>
        <CandidateLink application={application} />
        <KnockOutBadge screening={application.screening} />
      </CardHeading>
      <CardFields>
        <CardField label={i18n._(msg`TITLE`)} wide>
          <bdi>{application.jobTitle}</bdi>
        </CardField>
        <CardField label={i18n._(msg`RESUME LINK`)}>
          <ResumeLink application={application} />
        </CardField>
        <CardField label={i18n._(msg`APPLICATION DATE`)}>{dateOnly(application.appliedDate)}</CardField>
        <CardField label={i18n._(msg`E-MAIL`)} wide>
          <ApplicantEmail application={application} className="break-all" />
        </CardField>
        <CardField label={i18n._(msg`STAGE`)} wide>
          <StageControl application={application} busy={busy} onStage={onStage} className="min-h-11" />
        </CardField>
      </CardFields>
      <CandidateSummary application={application} className="mt-3" />
      <ApplicationMaterials application={application} className="mt-3" />
      <ScreeningAnswersView screening={application.screening} className="mt-3" />
      <CardActions>
        <NotesToggle application={application} open={notesOpen} onToggle={onToggleNotes} className="" />
      </CardActions>
      {notesOpen ? (
        <div id={`notes-${application._id}`} className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          <NotesPanel application={application} />
        </div>
      ) : null}
    </li>
  );
}

export interface ResponseListProps {
  items: readonly ReceivedApplication[];
  /** A table from 600 px, cards below. */
  wide: boolean;
  filtered: boolean;
  number: (index: number) => number;
  openNotes: string | null;
  onToggleNotes: (application: ReceivedApplication) => void;
  busy: (application: ReceivedApplication) => boolean;
  onStage: (application: ReceivedApplication, stage: ApplicationStage) => void;
}

/** The applications of the page: a table on a wide screen, cards on a narrow one. */
export function ResponseList({
  items,
  wide,
  filtered,
  number,
  openNotes,
  onToggleNotes,
  busy,
  onStage,
}: ResponseListProps) {
  const { i18n, t } = useLingui();
  const itemProps = (application: ReceivedApplication, index: number): ResponseItemProps => ({
    application,
    number: number(index),
    notesOpen: openNotes === application._id,
    onToggleNotes: () => onToggleNotes(application),
    busy: busy(application),
    onStage,
  });
  if (items.length === 0 && filtered)
    return (
      // Not an empty table: on a phone its sideways-scrolling box would hold nothing to reach it by keyboard.
      <p className="rounded-2xl border border-slate-200 bg-white px-4 py-8 text-center text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        <Trans>No applications match these filters</Trans>
      </p>
    );
  if (wide)
    return (
      <Table caption={t`Applications to your jobs`} headers={HEADERS.map((header) => i18n._(header))}>
        {items.length === 0 ? (
          <EmptyRow columns={HEADERS.length} text={i18n._(NO_DATA_FOUND)} />
        ) : (
          items.map((application, index) => <ResponseRow key={application._id} {...itemProps(application, index)} />)
        )}
      </Table>
    );
  if (items.length === 0) return <CardEmpty text={i18n._(NO_DATA_FOUND)} />;
  return (
    <CardList label={t`Applications to your jobs`}>
      {items.map((application, index) => (
        <ResponseCard key={application._id} {...itemProps(application, index)} />
      ))}
    </CardList>
  );
}
