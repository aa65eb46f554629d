// The gateway restarts while a customer is subscribed to their messages: supabase-js rejoins by
// itself, and a client that refetches the thread on every (re)subscription, as the dashboard
// does, ends up with every committed message exactly once, including those sent while it was away.
import type { RealtimeChannel } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import { useOwnStack } from '../support/own-stack.ts';
import { newCustomer } from '../support/shop.ts';

// Only the gateway restarts: the database, and this client on it, stay up.
const own = useOwnStack({ db: true });

const adminId = '00000000-0000-4000-a000-000000000001';

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('misses no committed message across a gateway restart', async () => {
  const { supabase, userId } = await newCustomer(own.env, 'rejoin');
  const { data: session } = await supabase.auth.getSession();
  supabase.realtime.setAuth(session.session!.access_token);
  const thread = new Map<string, string>();
  let subscriptions = 0;

  const refetch = async () => {
    const { data, error } = await supabase.from('user_messages').select('id, content').eq('receiver_id', userId).order('created_at');
    if (!error) for (const m of data) thread.set(m.id, m.content);
  };
  const channel: RealtimeChannel = supabase
    .channel('thread')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'user_messages', filter: `receiver_id=eq.${userId}` }, (change) => {
      thread.set(change.new.id as string, change.new.content as string);
    })
    .subscribe((status) => {
      if (status === 'SUBSCRIBED') {
        subscriptions++;
        void refetch();
      }
    });
  await until(() => subscriptions === 1, 10_000, 'the first subscription');

  const send = (content: string) =>
    own.db.query(`insert into public.user_messages (sender_id, receiver_id, content) values ($1, $2, $3)`, [adminId, userId, content]);
  try {
    await send('avant');
    await until(() => [...thread.values()].includes('avant'), 5_000, 'the message before the restart');

    await own.stack.restartGateway();
    await send('pendant');
    await until(() => subscriptions >= 2, 30_000, 'supabase-js to rejoin');
    await send('après');
    await until(() => thread.size === 3, 10_000, 'every message');
    expect([...thread.values()].sort()).toEqual(['après', 'avant', 'pendant']);
  } finally {
    await supabase.removeChannel(channel);
  }
});
