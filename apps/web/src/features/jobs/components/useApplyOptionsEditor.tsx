import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { focusField } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { useApplyOptions, useSaveApplyOptions } from '../api/apply-options';
import {
  applyOptionsProblem,
  bodyOf,
  draftOf,
  EMPTY_APPLY_OPTIONS,
  type ApplyOptionsDraft,
} from './apply-options-logic';
import { ApplyOptionsSection } from './ApplyOptionsSection';

/**
 * The job form's apply options: loaded for a job being edited, checked before the job is saved, and saved (PUT)
 * once the job is, with its id. Until an edited job's options have loaded nothing is saved, so a slow answer
 * never overwrites them with the defaults.
 */
export function useApplyOptionsEditor(jobId: string | undefined, kept?: ApplyOptionsDraft) {
  const { t, i18n } = useLingui();
  const saved = useApplyOptions(jobId);
  const saveOptions = useSaveApplyOptions();
  // What the poster changed (a resumed job draft's options count as changed: they are saved with the job);
  // until then the saved options (an edit) or the defaults (a new job).
  const [edited, setDraft] = useState<ApplyOptionsDraft | null>(kept ?? null);
  const [error, setError] = useState<string | null>(null);
  const draft = edited ?? (saved.data ? draftOf(saved.data) : jobId ? null : EMPTY_APPLY_OPTIONS);

  /** False (and the problem shown) when the options would be refused. */
  const check = (): boolean => {
    const problem = draft ? applyOptionsProblem(draft, i18n) : undefined;
    setError(problem ?? null);
    if (problem)
      requestAnimationFrame(() => focusField(draft?.method === 'email' ? 'applyEmail' : 'apply-method-board'));
    return !problem;
  };

  /** Saves the options of the job just saved; false when they were refused (the message is shown). */
  const saveFor = async (savedJobId: string | undefined): Promise<boolean> => {
    // Untouched: nothing to save (a job without options takes applications on the board).
    if (!edited || !savedJobId) return true;
    try {
      await saveOptions.mutateAsync({ jobId: savedJobId, body: bodyOf(edited) });
      // Back to the saved options (kept in the query's cache) or, for the next new job, the defaults.
      setDraft(null);
      return true;
    } catch (failure) {
      const problem = errorMessage(failure);
      setError(t`The job is saved, but not how to apply: ${problem}`);
      return false;
    }
  };

  const loadProblem = saved.isError ? errorMessage(saved.error) : '';
  const section = draft ? (
    <ApplyOptionsSection
      draft={draft}
      onChange={(next) => {
        setDraft(next);
        if (error) setError(null);
      }}
      answered={saved.data?.answered ?? false}
      error={error}
    />
  ) : saved.isError ? (
    <p role="alert" className="text-sm text-red-800 dark:text-red-200">
      <Trans>How to apply could not be loaded: {loadProblem}</Trans>
    </p>
  ) : (
    <Spinner label={t`Loading how to apply`} />
  );
  return { section, check, saveFor, draft, pending: saveOptions.isPending };
}
