import { QueryClientProvider } from '@tanstack/react-query';
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

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AdminRoleSetup />
          {children}
          <ToasterHost />
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
