import type { Company, CompanyCreateBody } from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './api';
import { queryKeys } from './query-keys';

/*
 * Companies the signed-in user belongs to, and creating one: used by the company page and by the job form,
 * which features may not import from each other (docs/principles.md, "Conventions").
 */

export function useMyCompanies(email: string | undefined) {
  return useQuery({
    queryKey: queryKeys.myCompanies(email ?? ''),
    queryFn: ({ signal }) => apiFetch<Company[]>('/api/companies/mine', { signal }),
    enabled: Boolean(email),
  });
}

export function useCreateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyCreateBody) => apiFetch<Company>('/api/companies', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.companies }),
  });
}
