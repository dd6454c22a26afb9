import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

type Mode = 'each' | 'daily' | 'off';
const LABELS: Record<Mode, MessageDescriptor> = {
  each: msg`For each application`,
  daily: msg`Once a day`,
  off: msg`Never`,
};

/** How the job's team hears of its new applications by e-mail (PUT /api/applications/jobs/:jobId/notifications). */
export function JobMailChoice({ jobId }: { jobId: string }) {
  const id = useId();
  const { i18n } = useLingui();
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
        <Trans>E-mail me about new ones</Trans>
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
            {i18n._(LABELS[mode])}
          </option>
        ))}
      </select>
      {save.isError ? (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          <Trans>Not saved: try again.</Trans>
        </p>
      ) : null}
    </div>
  );
}
