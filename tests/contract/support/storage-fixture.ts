// The storage contract tests' own buckets and policies (the shop's bucket comes from a migration
// of its own): `test-private`, which only admins write and a user reads object by object when a
// grant says so, through SECURITY DEFINER helpers in a schema the API does not expose, as the
// shop's policy does; `test-limited`, with a size limit and allowed MIME types.
import pg from 'pg';

export const users = {
  admin: '00000000-0000-4000-8000-00000000a001',
  buyer: '00000000-0000-4000-8000-00000000b001',
  other: '00000000-0000-4000-8000-00000000c001',
};

const fixtureSql = `
  insert into storage.buckets (id, name) values ('test-private', 'test-private');
  insert into storage.buckets (id, name, file_size_limit, allowed_mime_types) values ('test-limited', 'test-limited', 1024, '{text/plain,image/*}');

  create schema test_private;
  create table test_private.admins (user_id uuid primary key);
  create table test_private.grants (user_id uuid not null, object_name text not null, primary key (user_id, object_name));

  create function test_private.is_admin() returns boolean language sql stable security definer set search_path = '' as $$
    select exists (select 1 from test_private.admins a where a.user_id = (select auth.uid()))
  $$;
  create function test_private.may_read(object_name text) returns boolean language sql stable security definer set search_path = '' as $$
    select exists (select 1 from test_private.grants g where g.user_id = (select auth.uid()) and g.object_name = may_read.object_name)
  $$;
  revoke all on function test_private.is_admin(), test_private.may_read(text) from public;
  grant usage on schema test_private to authenticated;
  grant execute on function test_private.is_admin(), test_private.may_read(text) to authenticated;

  create policy "Admins read test objects" on storage.objects for select to authenticated
    using (bucket_id like 'test-%' and (select test_private.is_admin()));
  create policy "Granted users read their object" on storage.objects for select to authenticated
    using (bucket_id = 'test-private' and test_private.may_read(name));
  create policy "Admins add test objects" on storage.objects for insert to authenticated
    with check (bucket_id like 'test-%' and (select test_private.is_admin()));
  create policy "Admins change test objects" on storage.objects for update to authenticated
    using (bucket_id like 'test-%' and (select test_private.is_admin()))
    with check (bucket_id like 'test-%' and (select test_private.is_admin()));
  create policy "Admins remove test objects" on storage.objects for delete to authenticated
    using (bucket_id like 'test-%' and (select test_private.is_admin()));
`;

export async function installStorageFixture(dbUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(fixtureSql);
    await db.query('insert into test_private.admins values ($1)', [users.admin]);
  } finally {
    await db.end();
  }
}

/** Lets `userId` read one object of test-private. */
export async function grantRead(dbUrl: string, userId: string, objectName: string): Promise<void> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query('insert into test_private.grants values ($1, $2) on conflict do nothing', [userId, objectName]);
  } finally {
    await db.end();
  }
}
