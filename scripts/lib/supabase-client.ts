// The unmodified supabase-js as a Node tool uses it: no session kept between runs, and Realtime
// over the `ws` package (Node 20 has no WebSocket of its own).
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';

type SessionStorage = NonNullable<SupabaseClientOptions<'public'>['auth']>['storage'];

/**
 * `headers` go with every request (e.g. a user's Authorization beside the anon key); a `storage`
 * given keeps the session there, as a browser's localStorage would.
 */
export function nodeClient(url: string, key: string, headers?: Record<string, string>, storage?: SessionStorage): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: storage !== undefined, autoRefreshToken: false, storage },
    realtime: { transport: ws as never },
    ...(headers && { global: { headers } }),
  });
}
