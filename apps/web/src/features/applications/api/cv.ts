import type { CvLink } from '@jobboard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/**
 * Opens the CV sent with an application: a fresh signed link (it works for 10 minutes, decision record 23) asked
 * for at the click, then followed. The server answers the file as an attachment, so the browser downloads it and
 * the page stays where it is.
 */
export function useOpenCv() {
  return useMutation({
    mutationFn: (applicationId: string) => apiFetch<CvLink>(`/api/applications/${encodeURIComponent(applicationId)}/cv-link`),
    onSuccess: ({ url }) => {
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.rel = 'noopener';
      anchor.download = '';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    },
  });
}
