// Sends what broke to the `crash_reports` table, which only administrators read, so the crash
// screen's "Notre équipe a été notifiée" holds. Reporting must never break the crash screen
// itself: a failure here is logged and dropped.
import { loadSupabase } from '@/lib/supabase-loader';

/** The database's limits (migration crash_reports): longer texts are cut, never refused. */
const limits = { message: 2000, details: 20000, pageUrl: 2000, userAgent: 500 };

export interface CrashReport {
  message: string;
  details: string | null;
  page_url: string;
  user_agent: string | null;
}

export function describeCrash(error: unknown, pageUrl: string, userAgent: string): CrashReport {
  const summary = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).trim();
  return {
    message: (summary || 'Unknown error').slice(0, limits.message),
    details: error instanceof Error && error.stack ? error.stack.slice(0, limits.details) : null,
    page_url: pageUrl.slice(0, limits.pageUrl),
    user_agent: userAgent ? userAgent.slice(0, limits.userAgent) : null,
  };
}

// Both boundaries (router and top level) may show the same error; it is reported once.
const reported = new WeakSet<object>();

export async function reportCrash(error: unknown): Promise<void> {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  try {
    const supabase = await loadSupabase();
    const { error: insertError } = await supabase.from('crash_reports').insert(describeCrash(error, window.location.href, navigator.userAgent));
    if (insertError) throw insertError;
  } catch (failure) {
    console.error('The crash could not be reported:', failure);
  }
}
