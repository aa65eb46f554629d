// A throwaway cluster with a gateway serving only Realtime, and a fixture `user_messages` with
// the shape, RLS and publication the shop's migration gives it, for tests that must not depend on
// the migrations (or must restart the database under a running service).
import pg from 'pg';
import type { Cluster } from '../../db/cluster.ts';
import { preparedCluster } from '../../db/cluster-template.ts';
import type { Gateway } from '../gateway.ts';
import { startServiceGateway } from '../service-gateway.ts';
import { signJwt } from '../keys.ts';
import type { SigningKey } from '../signing-keys.ts';
import { createRealtimeService } from './service.ts';

export interface RealtimeTestStack {
  apiUrl: string;
  /** The publishable and secret keys, as a client uses them. */
  anonKey: string;
  serviceRoleKey: string;
  /** What users' access tokens are signed with. */
  signingKey: SigningKey;
  /** A service-role JWT for a join (the secret key is no token: a join bringing one falls back to the socket's apikey). */
  serviceRoleToken(): string;
  jwtSecret: string;
  cluster: Cluster;
  gateway: Gateway;
  stop(): Promise<void>;
}

const fixtureSql = `
  create table public.profiles (
    id uuid primary key references auth.users (id) on delete cascade,
    full_name text,
    avatar_url text,
    role text not null default 'customer' check (role in ('customer', 'admin')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create table public.user_messages (
    id uuid primary key default gen_random_uuid(),
    sender_id uuid not null references public.profiles (id) on delete cascade,
    receiver_id uuid not null references public.profiles (id) on delete cascade,
    content text not null check (length(btrim(content)) > 0 and length(content) <= 4000),
    created_at timestamptz not null default now(),
    is_read boolean not null default false
  );
  create index user_messages_sender_id_idx on public.user_messages (sender_id);
  create index user_messages_receiver_id_idx on public.user_messages (receiver_id);
  alter table public.profiles enable row level security;
  alter table public.user_messages enable row level security;
  revoke all on public.user_messages from anon, authenticated;
  -- anon keeps SELECT (hosted Supabase's default grant) so that only RLS stands in its way.
  grant select on public.user_messages to anon, authenticated;
  grant insert (sender_id, receiver_id, content) on public.user_messages to authenticated;
  grant update (is_read) on public.user_messages to authenticated;
  create policy "Participants read their messages" on public.user_messages for select to authenticated
    using ((select auth.uid()) = sender_id or (select auth.uid()) = receiver_id);
  alter publication supabase_realtime add table public.user_messages;
`;

export async function startRealtimeTestStack(): Promise<RealtimeTestStack> {
  const cluster = await preparedCluster('bootstrap');
  try {
    const setup = new pg.Client({ connectionString: cluster.url });
    await setup.connect();
    await setup.query(fixtureSql).finally(() => setup.end());
    const { gateway, apiUrl, jwtSecret, publishableKey, secretKey, signingKey } = await startServiceGateway(cluster, { '/realtime/v1': createRealtimeService });
    let stopped = false;
    return {
      apiUrl,
      anonKey: publishableKey,
      serviceRoleKey: secretKey,
      signingKey,
      serviceRoleToken: () => signJwt({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 600 }, signingKey),
      jwtSecret,
      cluster,
      gateway,
      async stop() {
        if (stopped) return;
        stopped = true;
        await gateway.close().finally(() => cluster.stop());
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
