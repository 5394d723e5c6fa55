import { QueryClient } from '@tanstack/react-query';

/**
 * Failures follow the spec's error catalogue, decided by each screen, so nothing retries behind the user's
 * back, and a form being edited is not refreshed when the window regains focus.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
