import type {
  Company,
  CompanyInvitation,
  CompanyPage,
  CompanyUpdateBody,
  CompanyRole,
  InvitationAnswerBody,
  MyInvitation,
} from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface CompanyMember {
  email: string;
  name: string;
  isCreator: boolean;
  role?: CompanyRole;
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
      client.setQueryData<CompanyPage>(queryKeys.company(company.slug), (page) =>
        page ? { ...page, ...company } : page,
      );
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

/** Invites an address (the server answers alike whether an account uses it): it joins once its owner accepts. */
export function useInviteMember(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: CompanyRole }) =>
      apiFetch<CompanyMember[]>(`${path(slug)}/members`, { method: 'POST', body: { email, role } }),
    onSuccess: (members) => {
      client.setQueryData(queryKeys.companyMembers(slug), members);
      void client.invalidateQueries({ queryKey: queryKeys.companyInvitations(slug) });
    },
  });
}

/** The company's pending invitations: its creator only (ask only then). */
export function useCompanyInvitations(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.companyInvitations(slug),
    queryFn: ({ signal }) => apiFetch<CompanyInvitation[]>(`${path(slug)}/invitations`, { signal }),
    enabled,
    retry: false,
  });
}

/** The creator removes a member, or a member leaves (their own address); their jobs here are closed. */
export function useRemoveMember(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch<CompanyMember[]>(`${path(slug)}/members/${encodeURIComponent(email)}`, { method: 'DELETE' }),
    onSuccess: (members) => {
      client.setQueryData(queryKeys.companyMembers(slug), members);
      // Leaving changes what the page allows, the job form's companies and the jobs.
      void client.invalidateQueries({ queryKey: queryKeys.companies });
      void client.invalidateQueries({ queryKey: queryKeys.jobs });
    },
  });
}

/** Invitations to the signed-in user's (confirmed) address. */
export function useMyInvitations() {
  return useQuery({
    queryKey: queryKeys.myInvitations,
    queryFn: ({ signal }) => apiFetch<MyInvitation[]>('/api/invitations', { signal }),
  });
}

export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ accept, ...body }: InvitationAnswerBody & { accept: boolean }) =>
      apiFetch<{ accepted: boolean; company?: { slug: string; name: string } }>(
        `/api/invitations/${accept ? 'accept' : 'decline'}`,
        { method: 'POST', body },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.companies }),
  });
}

export type ApiScope = 'jobs:read' | 'jobs:write' | 'applications:read';
export const API_SCOPES: { scope: ApiScope; label: MessageDescriptor }[] = [
  { scope: 'jobs:read', label: msg`Read jobs` },
  { scope: 'jobs:write', label: msg`Post and edit jobs` },
  { scope: 'applications:read', label: msg`Read applications` },
];

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The company's API keys: its owner only (ask only then). */
export function useApiKeys(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.companyApiKeys(slug),
    queryFn: ({ signal }) => apiFetch<ApiKey[]>(`${path(slug)}/api-keys`, { signal }),
    enabled,
    retry: false,
  });
}

/** A new key: its secret is in this answer only. */
export function useCreateApiKey(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopes: ApiScope[] }) =>
      apiFetch<ApiKey & { secret: string }>(`${path(slug)}/api-keys`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.companyApiKeys(slug) }),
  });
}

export function useRevokeApiKey(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<ApiKey>(`${path(slug)}/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.companyApiKeys(slug) }),
  });
}
