-- private.is_admin() in PL/pgSQL, same question, same answer: Postgres 15 plans a SQL function
-- that cannot be inlined (this one is SECURITY DEFINER) again at every statement that calls it,
-- about 0.15 ms, while PL/pgSQL keeps its plan for the session. Every admin policy asks it, and
-- Realtime asks it once per subscriber for each change of user_messages: for 500 subscribers,
-- that planning was most of the time between a commit and its delivery. The answer is still
-- read from the profile at each call (a demotion counts at once); only the plan is kept.
create or replace function private.is_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.profiles
    where id = (select auth.uid()) and role = 'admin'
  );
end;
$$;
