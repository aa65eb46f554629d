import { QueryClient } from '@tanstack/react-query';

/** The app's cache settings; the build's pre-rendering makes one client per page with them. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The catalogue changes rarely; refetching on every focus only burns the visitor's data.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: 1,
      },
    },
  });
}

export const queryClient = createQueryClient();
