import { sessionResource, type SessionCopyReport } from '@exam/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api.ts';

/** `POST /api/session/{to}/copy-from/{from}`, with `dry_run=1` for the preview. */
export const copySession = (to: string, from: string, dryRun: boolean) =>
  request<SessionCopyReport>(
    `/${sessionResource.path}/${encodeURIComponent(to)}/copy-from/${encodeURIComponent(from)}` +
      (dryRun ? '?dry_run=1' : ''),
    {
      method: 'POST',
      body: {},
    },
  );

/** The copy itself: afterwards every list and dropdown of links and schemes is fetched again. */
export function useCopySession(to: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ from, dryRun }: { from: string; dryRun: boolean }) => copySession(to, from, dryRun),
    onSuccess: (report) => {
      if (!report.dry_run) void client.invalidateQueries();
    },
  });
}
