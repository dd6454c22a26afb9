import { CONVERSATION_LIMITS, type InterviewProposal } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { useProposeInterview } from '../api/conversations';

// The IANA name of the zone every browser knows, not words.
// eslint-disable-next-line lingui/no-unlocalized-strings -- a time zone's identifier
const UTC = 'UTC';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || UTC;

function zones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(UTC) ? known : [UTC, ...known];
}

/** The proposed times: one datetime-local input each, up to five. */
function SlotInputs({
  id,
  starts,
  setStarts,
}: {
  id: string;
  starts: string[];
  setStarts: (starts: string[]) => void;
}) {
  const slotsMax = CONVERSATION_LIMITS.slotsMax;
  return (
    <fieldset>
      <legend className={labelClass}>
        <Trans>Times (up to {slotsMax})</Trans>
      </legend>
      <div className="space-y-2">
        {starts.map((value, index) => {
          const number = index + 1;
          return (
            <div key={index}>
              <label htmlFor={`${id}-slot-${index}`} className="sr-only">
                <Trans>Time {number}</Trans>
              </label>
              <input
                id={`${id}-slot-${index}`}
                type="datetime-local"
                className={inputClass}
                value={value}
                onChange={(event) => setStarts(starts.map((s, i) => (i === index ? event.target.value : s)))}
              />
            </div>
          );
        })}
      </div>
      {starts.length < CONVERSATION_LIMITS.slotsMax ? (
        <Button variant="secondary" className="mt-2" onClick={() => setStarts([...starts, ''])}>
          <Trans>Add another time</Trans>
        </Button>
      ) : null}
    </fieldset>
  );
}

interface ZoneAndLengthProps {
  id: string;
  timeZone: string;
  setTimeZone: (zone: string) => void;
  minutes: string;
  setMinutes: (minutes: string) => void;
}

/** The time zone every proposed time is in, and the interview's length. */
function ZoneAndLength({ id, timeZone, setTimeZone, minutes, setMinutes }: ZoneAndLengthProps) {
  const zoneList = useMemo(() => zones(), []);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-zone`} className={labelClass}>
          <Trans>Time zone</Trans>
        </label>
        <select
          id={`${id}-zone`}
          className={inputClass}
          value={timeZone}
          onChange={(event) => setTimeZone(event.target.value)}
        >
          {zoneList.map((zone) => (
            <option key={zone}>{zone}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-minutes`} className={labelClass}>
          <Trans>Length (minutes)</Trans>
        </label>
        <input
          id={`${id}-minutes`}
          type="number"
          min={CONVERSATION_LIMITS.minutesMin}
          max={CONVERSATION_LIMITS.minutesMax}
          className={inputClass}
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
        />
      </div>
    </div>
  );
}

interface ProposalFormProps {
  applicationId: string;
  /** Rescheduling this interview (new times); absent: a new proposal. */
  interviewId?: string;
  onDone?: () => void;
}

/** Up to five times (local date and time in a time zone), a length and a place or video link. */
export function ProposalForm({ applicationId, interviewId, onDone }: ProposalFormProps) {
  const { t } = useLingui();
  const id = useId();
  const propose = useProposeInterview(applicationId);
  const [starts, setStarts] = useState<string[]>(['']);
  const [timeZone, setTimeZone] = useState(browserZone);
  const [minutes, setMinutes] = useState('45');
  const [location, setLocation] = useState('');
  const filled = starts.filter(Boolean);

  const submit = () => {
    const proposal: InterviewProposal = {
      slots: filled.map((start) => ({ start, timeZone })),
      lengthMinutes: Number(minutes),
      location: location.trim(),
    };
    propose.mutate({ ...proposal, ...(interviewId ? { interviewId } : {}) }, { onSuccess: () => onDone?.() });
  };

  return (
    <form
      className="mt-3 max-w-2xl space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      aria-label={interviewId ? t`New interview times` : t`Propose interview times`}
      onSubmit={(event) => {
        event.preventDefault();
        if (filled.length > 0 && location.trim()) submit();
      }}
    >
      <SlotInputs id={id} starts={starts} setStarts={setStarts} />
      <ZoneAndLength id={id} timeZone={timeZone} setTimeZone={setTimeZone} minutes={minutes} setMinutes={setMinutes} />
      <div>
        <label htmlFor={`${id}-place`} className={labelClass}>
          <Trans>Place or video link</Trans>
        </label>
        <input
          id={`${id}-place`}
          className={inputClass}
          value={location}
          maxLength={CONVERSATION_LIMITS.locationMaxLength}
          onChange={(event) => setLocation(event.target.value)}
        />
      </div>
      {propose.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {errorMessage(propose.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={propose.isPending || filled.length === 0 || !location.trim()}>
          {interviewId ? t`Send new times` : t`Propose times`}
        </Button>
        {onDone ? (
          <Button variant="ghost" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}
