// supabase-js clients and channels for the realtime contract tests: a client per user (as each
// browser has), channels whose deliveries, statuses and `system` messages are kept for assertions.
import { createClient, type RealtimeChannel, type RealtimeClientOptions, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import type { RealtimeStack } from './realtime-stack.ts';

/** Items as they arrive, and a way to wait for the next one that matches. */
export class Inbox<T> {
  readonly items: T[] = [];
  private waiters: Array<{ test: (item: T) => boolean; resolve: (item: T) => void }> = [];

  push(item: T): void {
    this.items.push(item);
    const waiter = this.waiters.find((w) => w.test(item));
    if (waiter) {
      this.waiters = this.waiters.filter((w) => w !== waiter);
      waiter.resolve(item);
    }
  }

  /**
   * Resolves with the first item that matches, as soon as it arrives. The wait is only a bound
   * for a delivery that never comes: generous, because two busy cores have been seen to take over
   * 5 s to deliver a change while other suites run.
   */
  next(test: (item: T) => boolean = () => true, timeoutMs = 20_000): Promise<T> {
    const found = this.items.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nothing matching arrived within ${timeoutMs} ms; got ${JSON.stringify(this.items)}`)), timeoutMs);
      this.waiters.push({ test, resolve: (item) => (clearTimeout(timer), resolve(item)) });
    });
  }
}

/** What realtime-js hands a postgres_changes callback (`new`/`old` are `{}` when absent). */
export interface Change {
  eventType: 'INSERT' | 'UPDATE' | 'DELETE';
  schema: string;
  table: string;
  commit_timestamp: string;
  errors: unknown;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

export interface ChangeBinding {
  event: 'INSERT' | 'UPDATE' | 'DELETE' | '*';
  filter?: string;
  table?: string;
}

export interface ListeningChannel {
  channel: RealtimeChannel;
  /** One inbox per binding, in the order given. */
  changes: Array<Inbox<Change>>;
  system: Inbox<Record<string, unknown>>;
  statuses: Inbox<{ status: string; error?: Error }>;
}

const clients: SupabaseClient[] = [];

/** A browser-like client: the anon key, and the user's token when signed in. */
export function realtimeClient(stack: Pick<RealtimeStack, 'apiUrl' | 'anonKey'>, token?: string, realtime: Partial<RealtimeClientOptions> = {}): SupabaseClient {
  const client = createClient(stack.apiUrl, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket.
    realtime: { transport: ws as never, ...realtime },
  });
  if (token) void client.realtime.setAuth(token);
  clients.push(client);
  return client;
}

export async function closeClients(): Promise<void> {
  await Promise.all(clients.splice(0).map((client) => client.removeAllChannels()));
}

/** Opens a channel with these postgres_changes bindings on user_messages (or the given table). */
export function listen(client: SupabaseClient, bindings: ChangeBinding[]): ListeningChannel {
  const channel = client.channel(`messages-${crypto.randomUUID()}`);
  const changes = bindings.map(({ event, filter, table = 'user_messages' }) => {
    const inbox = new Inbox<Change>();
    channel.on('postgres_changes' as never, { event, schema: 'public', table, ...(filter ? { filter } : {}) } as never, (payload: Change) => inbox.push(payload));
    return inbox;
  });
  const system = new Inbox<Record<string, unknown>>();
  channel.on('system', {}, (payload: Record<string, unknown>) => system.push(payload));
  const statuses = new Inbox<{ status: string; error?: Error }>();
  channel.subscribe((status, error) => statuses.push({ status, ...(error ? { error } : {}) }));
  return { channel, changes, system, statuses };
}

/** Joined, and Realtime said it is subscribed to PostgreSQL: changes from now on arrive. */
export async function ready(listening: ListeningChannel): Promise<void> {
  const status = await listening.statuses.next();
  if (status.status !== 'SUBSCRIBED') throw new Error(`channel ${status.status}: ${status.error?.message}`);
  const system = await listening.system.next((m) => m.extension === 'postgres_changes');
  if (system.status !== 'ok') throw new Error(`postgres_changes: ${String(system.message)}`);
}

/** A Phoenix message as the server sent it, before realtime-js reads it. */
export interface ServerFrame {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/**
 * The `ws` transport, keeping every text frame the server sends: what realtime-js hands a callback
 * leaves out the `ids` of a change and the join reply, which these tests read.
 */
export function recordingTransport(): { transport: new (address: string | URL, protocols?: string | string[]) => ws; frames: Inbox<ServerFrame> } {
  const frames = new Inbox<ServerFrame>();
  class RecordingSocket extends ws {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols);
      this.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        const parsed = JSON.parse(data.toString('utf8')) as unknown;
        // vsn 2.0.0 sends [join_ref, ref, topic, event, payload]; 1.0.0 an object.
        if (Array.isArray(parsed)) {
          const [join_ref, ref, topic, event, payload] = parsed as [string | null, string | null, string, string, Record<string, unknown>];
          frames.push({ join_ref, ref, topic, event, payload });
        } else frames.push(parsed as ServerFrame);
      });
    }
  }
  return { transport: RecordingSocket, frames };
}

/** Gives a delivery that should not happen the time it would have taken, after a later one arrived. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
