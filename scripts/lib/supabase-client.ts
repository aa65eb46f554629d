// The unmodified supabase-js as a Node tool uses it: no session kept between runs, and Realtime
// over the `ws` package (Node 20 has no WebSocket of its own).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

/** `headers` go with every request (e.g. a user's Authorization beside the anon key). */
export function nodeClient(url: string, key: string, headers?: Record<string, string>): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
    ...(headers && { global: { headers } }),
  });
}
