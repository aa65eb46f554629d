import type { Session, User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';

export interface AuthState {
  user: User | null;
  session: Session | null;
  /** True until the first session check (and, for a signed-in user, the admin check) ends. */
  loading: boolean;
  isAdmin: boolean;
}

export const AuthContext = createContext<AuthState | undefined>(undefined);

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (context === undefined) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
