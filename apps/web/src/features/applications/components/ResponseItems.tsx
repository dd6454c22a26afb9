import { MESSAGES, type ApplicationStage, type ReceivedApplication } from '@jobboard/shared';
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
import { ApplicationMaterials, hasMaterials } from './ApplicationMaterials';
import { CandidateSummary, hasCandidateDetails } from './CandidateSummary';
import { NotesPanel } from './NotesPanel';
import { KnockOutBadge, ScreeningAnswersView } from './ScreeningAnswersView';
import { StageControl, whoOf } from './StageMove';

const HEADERS = ['NO.', 'TITLE', 'NAME', 'RESUME LINK', 'E-MAIL', 'APPLICATION DATE', 'STAGE', 'NOTES'] as const;

// The content of one application, shown by a table row (600 px and wider) and by a card (narrower) alike: add to
// these components, and both layouts show it.

/** The applicant's name, opening the candidate page: messages, interviews, stage history (decision 42). */
function CandidateLink({ application }: { application: ReceivedApplication }) {
  return (
    <Link
      to={`/candidates/${application._id}`}
      className="text-teal-800 underline-offset-2 hover:underline dark:text-teal-300"
    >
      {application.applicantName}
    </Link>
  );
}

function ResumeLink({ application }: { application: ReceivedApplication }) {
  if (!application.applicantResume)
    return <span className="text-slate-600 dark:text-slate-300">{MESSAGES.noResumeListed}</span>;
  return (
    <a
      href={application.applicantResume}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-teal-800 underline hover:text-teal-900 dark:text-teal-300 dark:hover:text-teal-200"
    >
      Resume
      <ExternalLink size={14} aria-hidden="true" className="rtl:-scale-x-100" />
      <span className="sr-only">(opens in a new tab)</span>
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
  return (
    <Button
      variant="secondary"
      className={className}
      aria-expanded={open}
      aria-controls={`notes-${application._id}`}
      aria-label={`Notes on ${whoOf(application)}: ${application.notesCount}`}
      onClick={onToggle}
    >
      Notes ({application.notesCount})
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
        <td className={`${cellClass} font-medium`}>{application.jobTitle}</td>
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
  return (
    <li className={cardClass} data-testid="response-row">
      <CardHeading number={number}>
        <CandidateLink application={application} />
        <KnockOutBadge screening={application.screening} />
      </CardHeading>
      <CardFields>
        <CardField label="TITLE" wide>
          {application.jobTitle}
        </CardField>
        <CardField label="RESUME LINK">
          <ResumeLink application={application} />
        </CardField>
        <CardField label="APPLICATION DATE">{dateOnly(application.appliedDate)}</CardField>
        <CardField label="E-MAIL" wide>
          <ApplicantEmail application={application} className="break-all" />
        </CardField>
        <CardField label="STAGE" wide>
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
        No applications match these filters
      </p>
    );
  if (wide)
    return (
      <Table caption="Applications to your jobs" headers={HEADERS}>
        {items.length === 0 ? (
          <EmptyRow columns={HEADERS.length} text={MESSAGES.noDataFound} />
        ) : (
          items.map((application, index) => <ResponseRow key={application._id} {...itemProps(application, index)} />)
        )}
      </Table>
    );
  if (items.length === 0) return <CardEmpty text={MESSAGES.noDataFound} />;
  return (
    <CardList label="Applications to your jobs">
      {items.map((application, index) => (
        <ResponseCard key={application._id} {...itemProps(application, index)} />
      ))}
    </CardList>
  );
}
