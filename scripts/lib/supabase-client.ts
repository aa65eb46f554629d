// The unmodified supabase-js as a Node tool uses it: no session kept between runs, and Realtime
// over the `ws` package (Node 20 has no WebSocket of its own).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

export function nodeClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
}
