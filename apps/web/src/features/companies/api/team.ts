import type { ApplicationStage, CompanyRole, CustomStage, MailedStage, StageTemplate } from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { CompanyMember } from './companies';

/* Issue 33 (decision record 43): members' roles, the company's stage e-mail templates and its own stages. */

const path = (slug: string) => `/api/companies/${encodeURIComponent(slug)}`;

/** An owner changes a member's role; the answer is the members as they now are. */
export function useChangeRole(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: CompanyRole }) =>
      apiFetch<CompanyMember[]>(`${path(slug)}/members/${encodeURIComponent(email)}`, {
        method: 'PATCH',
        body: { role },
      }),
    onSuccess: (members) => client.setQueryData(queryKeys.companyMembers(slug), members),
  });
}

export function useStageTemplates(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.companyStageTemplates(slug),
    queryFn: ({ signal }) => apiFetch<{ items: StageTemplate[] }>(`${path(slug)}/stage-templates`, { signal }),
    enabled,
  });
}

/** Saves a stage's message (`message`), or with null resets it to the built-in text. */
export function useSaveTemplate(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ stage, message }: { stage: MailedStage; message: string | null }) =>
      apiFetch<StageTemplate>(
        `${path(slug)}/stage-templates/${stage}`,
        message === null ? { method: 'DELETE' } : { method: 'PUT', body: { message } },
      ),
    onSuccess: (saved) =>
      client.setQueryData<{ items: StageTemplate[] }>(queryKeys.companyStageTemplates(slug), (list) =>
        list ? { items: list.items.map((item) => (item.stage === saved.stage ? saved : item)) } : list,
      ),
  });
}

export function useCustomStages(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.companyStages(slug),
    queryFn: ({ signal }) => apiFetch<{ items: CustomStage[] }>(`${path(slug)}/stages`, { signal }),
    enabled,
  });
}

export function useAddCustomStage(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; after: ApplicationStage }) =>
      apiFetch<CustomStage>(`${path(slug)}/stages`, { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.companyStages(slug) }),
  });
}

export function useRemoveCustomStage(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ items: CustomStage[] }>(`${path(slug)}/stages/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (list) => client.setQueryData(queryKeys.companyStages(slug), list),
  });
}
