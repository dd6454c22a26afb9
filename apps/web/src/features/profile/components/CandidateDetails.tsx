import {
  CANDIDATE_LIMITS,
  candidateProfileBodySchema,
  type CandidateProfile,
  type CandidateProfileBody,
} from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { FieldShell, inputClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { useCandidateProfile, useSaveCandidateProfile } from '../api/candidate';

type Field = keyof CandidateProfileBody;
type Errors = Partial<Record<Field | 'form', string>>;

/** The links as typed: one a line, blank lines ignored. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Checks the form with the server's own schema; each problem under its field, without the field's prefix. */
export function candidateErrors(body: CandidateProfileBody): Errors {
  const parsed = candidateProfileBodySchema.safeParse(body);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = (issue.path[0] as Field | undefined) ?? 'form';
    errors[field] ??= issue.message.replace(/^\w+: /, '');
  }
  return errors;
}

function LinksField(props: {
  value: string;
  onChange: (text: string) => void;
  error: string | undefined;
  described: Record<string, unknown>;
}) {
  const maxLinks = CANDIDATE_LIMITS.links;
  return (
    <FieldShell
      id="links"
      label={
        <Trans>
          Links{' '}
          <span className="font-normal text-slate-600 dark:text-slate-300">
            (one a line, up to {maxLinks}, starting with <bdi dir="ltr">https://</bdi>)
          </span>
        </Trans>
      }
      error={props.error}
    >
      <textarea
        id="links"
        rows={3}
        value={props.value}
        placeholder="https://github.com/you"
        onChange={(event) => props.onChange(event.target.value)}
        className={`${inputClass} resize-y`}
        {...props.described}
      />
    </FieldShell>
  );
}

function DetailsForm({ userId, saved }: { userId: string; saved: CandidateProfile }) {
  const { t } = useLingui();
  const [headline, setHeadline] = useState(saved.headline);
  const [location, setLocation] = useState(saved.location);
  const [links, setLinks] = useState(saved.links.join('\n'));
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const save = useSaveCandidateProfile(userId);

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    setDone(false);
    const body = { headline, location, links: linesOf(links) };
    const found = candidateErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: () => setDone(true),
      onError: (error) => {
        const message = errorMessage(error);
        const field = /^(headline|location|links): /.exec(message)?.[1] as Field | undefined;
        setErrors({ [field ?? 'form']: message.replace(/^\w+: /, '') });
      },
    });
  };
  const described = (id: Field) => (errors[id] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
      <FieldShell id="headline" label={t`Headline`} error={errors.headline}>
        <input
          id="headline"
          value={headline}
          maxLength={CANDIDATE_LIMITS.headlineMaxLength}
          placeholder={t`e.g. Backend engineer, 8 years in payments`}
          onChange={(event) => setHeadline(event.target.value)}
          className={inputClass}
          {...described('headline')}
        />
      </FieldShell>
      <FieldShell id="location" label={t`Location`} error={errors.location}>
        <input
          id="location"
          value={location}
          maxLength={CANDIDATE_LIMITS.locationMaxLength}
          placeholder={t`e.g. Lisbon, Portugal`}
          onChange={(event) => setLocation(event.target.value)}
          className={inputClass}
          {...described('location')}
        />
      </FieldShell>
      <LinksField value={links} onChange={setLinks} error={errors.links} described={described('links')} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save details`}
        </Button>
        <p role="status" className="text-sm">
          {done ? (
            <span className="text-green-700 dark:text-green-300">
              <Trans>Saved.</Trans>
            </span>
          ) : null}
          {errors.form ? <span className="text-red-700 dark:text-red-300">{errors.form}</span> : null}
        </p>
      </div>
    </form>
  );
}

/** What employers see beside the name on each application: a headline, a location and links (decision record 44). */
export function CandidateDetails({ userId }: { userId: string }) {
  const profile = useCandidateProfile(userId);
  return (
    <section
      aria-labelledby="candidate-details"
      className="mx-auto mt-8 max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700 shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      <h2 id="candidate-details" className="text-base font-semibold text-slate-900 dark:text-slate-100">
        <Trans>For employers</Trans>
      </h2>
      <p className="mt-1">
        <Trans>Employers see these with every application you send.</Trans>
      </p>
      {profile.isPending ? (
        <p role="status" className="mt-4 text-slate-600 dark:text-slate-300">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {profile.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-red-700 dark:text-red-300">
          <Trans>Your details could not be loaded.</Trans>
          <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => void profile.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
      {profile.data ? <DetailsForm userId={userId} saved={profile.data} /> : null}
    </section>
  );
}
