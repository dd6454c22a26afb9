import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

type Mode = 'each' | 'daily' | 'off';
const LABELS: Record<Mode, string> = { each: 'For each application', daily: 'Once a day', off: 'Never' };

/** How the job's team hears of its new applications by e-mail (PUT /api/applications/jobs/:jobId/notifications). */
export function JobMailChoice({ jobId }: { jobId: string }) {
  const id = useId();
  const client = useQueryClient();
  const path = `/api/applications/jobs/${encodeURIComponent(jobId)}/notifications`;
  const current = useQuery({
    queryKey: queryKeys.applicationMail(jobId),
    queryFn: ({ signal }) => apiFetch<{ mode: Mode }>(path, { signal }),
  });
  const save = useMutation({
    mutationFn: (mode: Mode) => apiFetch<{ mode: Mode }>(path, { method: 'PUT', body: { mode } }),
    onSuccess: (answer) => client.setQueryData(queryKeys.applicationMail(jobId), answer),
  });
  return (
    <div className="sm:w-56">
      <label htmlFor={id} className={labelClass}>
        E-mail me about new ones
      </label>
      <select
        id={id}
        className={inputClass}
        value={current.data?.mode ?? 'each'}
        disabled={!current.data || save.isPending}
        onChange={(event) => save.mutate(event.target.value as Mode)}
      >
        {(Object.keys(LABELS) as Mode[]).map((mode) => (
          <option key={mode} value={mode}>
            {LABELS[mode]}
          </option>
        ))}
      </select>
      {save.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          Not saved: try again.
        </p>
      ) : null}
    </div>
  );
}
