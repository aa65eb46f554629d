-- contact_messages: the length limits measured the trimmed text while the untrimmed text was
-- stored, so padding with whitespace slipped past them ('x' and a million spaces was a
-- one-character message). Limits now apply to what is stored; blank still means whitespace only.
alter table public.contact_messages
  drop constraint contact_messages_name_check,
  add constraint contact_messages_name_check
    check (char_length(name) <= 200 and char_length(btrim(name, e' \t\n\r\f\v\u00a0')) > 0),
  drop constraint contact_messages_subject_check,
  add constraint contact_messages_subject_check
    check (char_length(subject) <= 300 and char_length(btrim(subject, e' \t\n\r\f\v\u00a0')) > 0),
  drop constraint contact_messages_message_check,
  add constraint contact_messages_message_check
    check (char_length(message) <= 10000 and char_length(btrim(message, e' \t\n\r\f\v\u00a0')) > 0);
