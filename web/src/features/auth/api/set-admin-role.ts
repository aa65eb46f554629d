import { env } from '@/config/env';
import { supabase } from '@/lib/supabase';

/** Asks the backend to grant the administrator role to the configured address (spec §6). */
export async function requestAdminRole(): Promise<{ message?: string }> {
  const { data, error } = await supabase.functions.invoke<{ message?: string }>('set-admin-role', {
    body: { adminEmail: env.VITE_ADMIN_EMAIL },
  });
  if (error) throw error;
  return data ?? {};
}
