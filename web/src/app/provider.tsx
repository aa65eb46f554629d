import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { useAdminRoleSetup } from '@/features/auth/hooks/use-admin-role-setup';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { ToasterHost } from '@/components/ui/toaster-host';
import { queryClient } from '@/lib/query-client';

function AdminRoleSetup() {
  useAdminRoleSetup();
  return null;
}

/** `client`: the browser's one cache, or a page's own while the build pre-renders it. */
export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <AdminRoleSetup />
          {children}
          <ToasterHost />
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
