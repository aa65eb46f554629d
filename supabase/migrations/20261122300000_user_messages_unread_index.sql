-- Unread messages per (receiver, sender): what an administrator has not yet read from each
-- customer. Serves the unread counts of admin_conversations() and admin_dashboard_stats() and the
-- conversations page's "mark this customer's messages read" update, without walking every unread
-- message addressed to the administrator (user_messages_unread_receiver_id_idx alone would).
create index user_messages_unread_receiver_sender_idx
  on public.user_messages (receiver_id, sender_id) where not is_read;
