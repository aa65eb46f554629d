import type { Session } from '@supabase/supabase-js';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { profileRoleQueryOptions } from '@/features/auth/api/get-profile-role';
import { AuthContext, type AuthState } from '@/lib/auth-context';
import { hasStoredSession, loadSupabase, SESSION_KEY, whenSupabaseLoaded } from '@/lib/supabase-loader';

const noSubscription = () => () => {};
const signedOutAtBuildTime = () => false;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  // Without a stored session the visitor is signed out: no need to wait for the client. A page
  // pre-rendered at build time was rendered signed out: the app takes it over as such, then reads
  // the browser's storage (React's server snapshot, below).
  const storedSession = useSyncExternalStore(noSubscription, hasStoredSession, signedOutAtBuildTime);
  const [sessionRead, setSessionRead] = useState(false);
  const sessionLoading = storedSession && !sessionRead;

  useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    const stopWaiting = whenSupabaseLoaded((supabase) => {
      if (!active) return;
      void supabase.auth.getSession().then(({ data }) => {
        if (!active) return;
        setSession(data.session);
        setSessionRead(true);
      });
      // Every library event (sign-in, sign-out, refresh, user update…) carries the current session.
      const { data } = supabase.auth.onAuthStateChange((_event, next) => {
        setSession(next);
        setSessionRead(true);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    if (hasStoredSession()) void loadSupabase();
    // A sign-in in another tab writes the session: pick it up here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key && SESSION_KEY.test(event.key)) void loadSupabase();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      stopWaiting();
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const user = session?.user ?? null;
  const role = useQuery({ ...profileRoleQueryOptions(user?.id ?? ''), enabled: user !== null });

  const value = useMemo<AuthState>(
    () => ({
      user,
      session,
      // Guards must not decide before the admin flag is known.
      loading: sessionLoading || (user !== null && role.isPending),
      isAdmin: user !== null && role.data === 'admin',
    }),
    [user, session, sessionLoading, role.isPending, role.data],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
