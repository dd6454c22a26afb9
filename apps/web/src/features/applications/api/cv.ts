import type { CvLink } from '@jobboard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** Whether the CV is a PDF (the server answers a PDF inline, to be read in a tab; a DOCX as an attachment). */
export const isPdfCv = (fileName: string): boolean => fileName.toLowerCase().endsWith('.pdf');

function download(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  anchor.download = '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * Opens the CV sent with an application: a fresh signed link (it works for 10 minutes, decision record 23) asked
 * for at the click, then followed. A PDF opens in a new tab (the server answers it inline), which `open` makes
 * during the click itself: opened after the answer, a browser would take it for a pop-up and block it. Anything
 * else downloads, and the page stays where it is.
 */
export function useOpenCv() {
  const mutation = useMutation({
    mutationFn: ({ applicationId }: { applicationId: string; tab: Window | null }) =>
      apiFetch<CvLink>(`/api/applications/${encodeURIComponent(applicationId)}/cv-link`),
    onSuccess: ({ url }, { tab }) => {
      if (!tab) return download(url);
      tab.opener = null;
      tab.location.href = url;
    },
    onError: (_error, { tab }) => tab?.close(),
  });
  return {
    ...mutation,
    open: (applicationId: string, fileName: string) => {
      const tab = isPdfCv(fileName) ? window.open('', '_blank') : null;
      mutation.mutate({ applicationId, tab });
    },
  };
}
