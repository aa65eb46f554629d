import { useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { FullScreenSpinner } from '@/components/ui/full-screen-spinner';
import { useAuth } from '@/lib/auth-context';
import { useCurrentPath } from '@/lib/navigation';

/**
 * Renders its children for a signed-in user only. A visitor is sent to /login with the requested
 * location, where the login page sends them back after signing in. A user who signs out here
 * (this tab or another) goes home instead, where "Déconnexion" takes them anyway.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const here = useCurrentPath();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user && !wasSignedIn) setWasSignedIn(true);

  if (loading) return <FullScreenSpinner />;
  if (!user) return wasSignedIn ? <Redirect to="/" replace /> : <Redirect to="/login" replace state={{ from: here }} />;
  return children;
}
