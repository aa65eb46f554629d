// The batched RLS check (rls.ts): one change judged for many subscribers in one call per
// connection, each with their own role and claims, in order, even where a policy asks
// `(select caller())` once per statement and where the role changes within the call; a
// subscriber whose check fails (a policy raising) sees nothing, and the others are still judged.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Cluster } from '../../db/cluster.ts';
import { preparedCluster } from '../../db/cluster-template.ts';
import { RlsChecker, type RowKey } from './rls.ts';

let cluster: Cluster;
let checker: RlsChecker;

beforeAll(async () => {
  cluster = await preparedCluster('bootstrap');
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  await db.query(`
    create function public.caller() returns text language plpgsql stable as $$
    begin
      if current_setting('request.jwt.claims', true)::json->>'sub' = 'raises' then raise exception 'a policy that fails'; end if;
      return current_setting('request.jwt.claims', true)::json->>'sub';
    end $$;
    create table public.notes (id integer primary key, owner text not null);
    alter table public.notes enable row level security;
    grant select on public.notes to authenticated, anon, service_role;
    create policy owner_reads on public.notes for select to authenticated using (owner = public.caller());
    insert into public.notes values (1, 'alice'), (2, 'bob');
    create table public.wrapped_notes (id integer primary key, owner text not null);
    alter table public.wrapped_notes enable row level security;
    grant select on public.wrapped_notes to authenticated;
    create policy owner_reads on public.wrapped_notes for select to authenticated using (owner = (select public.caller()));
    insert into public.wrapped_notes values (1, 'alice'), (2, 'bob');`);
  await db.end();
  checker = new RlsChecker(cluster.urlFor('supabase_realtime_admin'), () => undefined, 2);
});

afterAll(async () => {
  await checker?.close();
  await cluster?.stop();
});

const viewer = (sub: string, role = 'authenticated') => ({ role, claimsJson: JSON.stringify({ sub, role }) });
const note = (id: number, table = 'notes'): RowKey => ({ schema: 'public', table, key: [{ name: 'id', value: id }] });

it('judges each subscriber with their own claims, in order, over several connections', async () => {
  const viewers = [viewer('alice'), viewer('bob'), viewer('carol'), viewer('alice'), viewer('anyone', 'anon'), viewer('bob')];
  expect(await checker.visibleTo(note(1), viewers)).toEqual([true, false, false, true, false, false]);
  expect(await checker.visibleTo(note(2), viewers)).toEqual([false, true, false, false, false, true]);
  expect(await checker.visibleTo(note(3), viewers)).toEqual([false, false, false, false, false, false]);
});

it("asks a policy's (select caller()) again for each subscriber of one call", async () => {
  const viewers = [viewer('alice'), viewer('bob'), viewer('carol'), viewer('bob'), viewer('alice'), viewer('alice'), viewer('carol'), viewer('bob')];
  expect(await checker.visibleTo(note(1, 'wrapped_notes'), viewers)).toEqual([true, false, false, false, true, true, false, false]);
  expect(await checker.visibleTo(note(2, 'wrapped_notes'), viewers)).toEqual([false, true, false, true, false, false, false, true]);
});

it('plans the lookup again when the role changes within one call', async () => {
  const viewers = [viewer('alice'), viewer('x', 'service_role'), viewer('alice'), viewer('alice', 'anon'), viewer('y', 'service_role'), viewer('bob')];
  expect(await checker.visibleTo(note(1), viewers)).toEqual([true, true, true, false, true, false]);
  expect(await checker.visibleTo(note(2), viewers)).toEqual([false, true, false, false, true, true]);
});

it('refuses the subscriber whose check fails, and still judges those before and after it', async () => {
  const viewers = [viewer('alice'), viewer('raises'), viewer('alice'), viewer('bob'), viewer('raises'), viewer('alice')];
  expect(await checker.visibleTo(note(1), viewers)).toEqual([true, false, true, false, false, true]);
  expect(await checker.visibleTo(note(1), [viewer('alice')])).toEqual([true]);
});
