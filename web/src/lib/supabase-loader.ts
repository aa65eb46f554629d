// supabase-js is the largest library of the app. Anonymous visitors browsing the catalogue do
// not need it, so code on the start-up path reaches the client through this loader: it is
// fetched at once when a session is stored, otherwise when a feature first needs it (a page
// importing `@/lib/supabase` directly also counts: the client registers itself here).
import type { supabase as SupabaseClient } from '@/lib/supabase';

type Client = typeof SupabaseClient;

let client: Client | null = null;
let pending: Promise<Client> | null = null;
const waiting = new Set<(client: Client) => void>();

/** Called once by `@/lib/supabase` when it creates the client. */
export function registerSupabase(created: Client): void {
  if (client) return;
  client = created;
  pending ??= Promise.resolve(created);
  waiting.forEach((callback) => callback(created));
  waiting.clear();
}

export function loadSupabase(): Promise<Client> {
  pending ??= import('@/lib/supabase').then(({ supabase }) => supabase);
  return pending;
}

/** Runs `callback` once the client exists (right away if it already does). */
export function whenSupabaseLoaded(callback: (client: Client) => void): () => void {
  if (client) {
    callback(client);
    return () => {};
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/** supabase-js keeps the session in local storage under `sb-<project ref>-auth-token`. */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> | null = safeLocalStorage()): boolean {
  if (!storage) return false;
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key && SESSION_KEY.test(key)) return true;
  }
  return false;
}

export const SESSION_KEY = /^sb-.+-auth-token$/;

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
