import { msg } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** What a company can import from, and what it names for each (the server's `imports.schemas.ts`). */
export const IMPORT_KINDS = [
  { kind: 'greenhouse', label: msg`Greenhouse`, target: msg`Board token`, placeholder: 'acme' },
  { kind: 'lever', label: msg`Lever`, target: msg`Site name`, placeholder: 'acme' },
  { kind: 'ashby', label: msg`Ashby`, target: msg`Job board name`, placeholder: 'acme' },
  {
    kind: 'indeed-xml',
    label: msg`XML feed (Indeed format)`,
    target: msg`Feed address`,
    placeholder: 'https://example.com/jobs.xml',
  },
  {
    kind: 'json-ld',
    label: msg`Careers page (JobPosting JSON-LD)`,
    target: msg`Page address`,
    placeholder: 'https://example.com/careers',
  },
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number]['kind'];

export interface ImportRun {
  id: string;
  startedAt: string;
  finishedAt: string | null;
  added: number;
  updated: number;
  closed: number;
  refused: { sourceId: string; reason: string }[];
  error: string | null;
}

export interface ImportSource {
  id: string;
  kind: ImportKind;
  target: string;
  createdAt: string;
  lastRunAt: string | null;
  lastRun: ImportRun | null;
}

const path = (slug: string) => `/api/companies/${encodeURIComponent(slug)}/imports`;

/** The company's import sources with each one's last run: its owner only (ask only then). */
export function useImportSources(slug: string) {
  return useQuery({
    queryKey: queryKeys.companyImports(slug),
    queryFn: ({ signal }) => apiFetch<ImportSource[]>(path(slug), { signal }),
    retry: false,
  });
}

export function useCreateImportSource(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: ImportKind; target: string }) =>
      apiFetch<ImportSource>(path(slug), { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.companyImports(slug) }),
  });
}

export function useDeleteImportSource(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ImportSource>(`${path(slug)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.companyImports(slug) }),
  });
}

/** A run now; the answer is its report, and the list shows it as the last run. */
export function useRunImport(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ImportRun>(`${path(slug)}/${encodeURIComponent(id)}/run`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.companyImports(slug) }),
  });
}
