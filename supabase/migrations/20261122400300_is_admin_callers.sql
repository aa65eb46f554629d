-- private.is_admin() is executable by exactly the roles whose policies call it: every such policy
-- is `to authenticated`. The service role bypasses RLS and never asks, and the admin-only
-- functions call it as their owner.
revoke execute on function private.is_admin() from service_role;
