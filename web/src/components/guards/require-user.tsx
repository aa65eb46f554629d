import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '@/components/ui/full-screen-spinner';
import { useAuth } from '@/lib/auth-context';

/**
 * Renders its children for a signed-in user only. A visitor is sent to /login with the requested
 * location, where the login page sends them back after signing in. A user who signs out here
 * (this tab or another) goes home instead, where "Déconnexion" takes them anyway.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (user && !wasSignedIn) setWasSignedIn(true);

  if (loading) return <FullScreenSpinner />;
  if (!user) return wasSignedIn ? <Navigate to="/" replace /> : <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
