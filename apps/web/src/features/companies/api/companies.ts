import type { Company, CompanyPage, CompanyUpdateBody } from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface CompanyMember {
  email: string;
  name: string;
  isCreator: boolean;
}

const path = (slug: string) => `/api/companies/${encodeURIComponent(slug)}`;

/** A company's public page: the company, whether the signed-in user may edit it, and its open jobs. */
export function useCompany(slug: string) {
  return useQuery({
    queryKey: queryKeys.company(slug),
    queryFn: ({ signal }) => apiFetch<CompanyPage>(path(slug), { signal }),
    enabled: Boolean(slug),
    retry: false,
  });
}

export function useUpdateCompany(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyUpdateBody) => apiFetch<Company>(path(slug), { method: 'PATCH', body }),
    onSuccess: (company) => {
      // The page keeps its jobs; the company's own fields (a new slug included) come from the answer.
      client.setQueryData<CompanyPage>(queryKeys.company(company.slug), (page) => (page ? { ...page, ...company } : page));
      void client.invalidateQueries({ queryKey: queryKeys.companies });
      // Job cards and pages show the company's name and logo.
      void client.invalidateQueries({ queryKey: queryKeys.jobs });
    },
  });
}

/** Members only (the server answers 403 to anyone else): ask only when the page says canEdit. */
export function useCompanyMembers(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.companyMembers(slug),
    queryFn: ({ signal }) => apiFetch<CompanyMember[]>(`${path(slug)}/members`, { signal }),
    enabled,
    retry: false,
  });
}

export function useAddMember(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiFetch<CompanyMember[]>(`${path(slug)}/members`, { method: 'POST', body: { email } }),
    onSuccess: (members) => client.setQueryData(queryKeys.companyMembers(slug), members),
  });
}

export function useRemoveMember(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiFetch<CompanyMember[]>(`${path(slug)}/members/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    onSuccess: (members) => client.setQueryData(queryKeys.companyMembers(slug), members),
  });
}
