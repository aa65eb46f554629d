import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { RequireUser } from '@/components/guards/require-user';
import { useAuth } from '@/lib/auth-context';

/**
 * Renders its children for an administrator only; a customer is sent to their dashboard. This
 * only spares them a useless page: the database refuses every admin read to non-administrators.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireUser>
      <AdminOnly>{children}</AdminOnly>
    </RequireUser>
  );
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Redirect to="/dashboard" replace />;
  return children;
}
