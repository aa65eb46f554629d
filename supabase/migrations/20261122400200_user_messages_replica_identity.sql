-- Realtime: with the default replica identity (the primary key) an UPDATE event carries no
-- previous values, so a subscriber cannot tell an is_read flip from any other change. Full
-- identity writes the old row to the WAL; Realtime still sends only the primary key of a row
-- deleted from an RLS table, so old records leak nothing a subscriber may not see.
alter table public.user_messages replica identity full;
