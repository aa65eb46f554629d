-- Blank means any whitespace, not only spaces: btrim(x) strips spaces alone, so a chat message or
-- a contact form of newlines and tabs (what pressing Enter in a textarea sends) passed the checks.
-- Same constraints, same names, trimming every ASCII whitespace character and the no-break space.
alter table public.user_messages
  drop constraint user_messages_content_check,
  add constraint user_messages_content_check
    check (char_length(btrim(content, e' \t\n\r\f\v\u00a0')) > 0 and char_length(content) <= 4000);

alter table public.contact_messages
  drop constraint contact_messages_name_check,
  add constraint contact_messages_name_check
    check (char_length(btrim(name, e' \t\n\r\f\v\u00a0')) between 1 and 200),
  drop constraint contact_messages_subject_check,
  add constraint contact_messages_subject_check
    check (char_length(btrim(subject, e' \t\n\r\f\v\u00a0')) between 1 and 300),
  drop constraint contact_messages_message_check,
  add constraint contact_messages_message_check
    check (char_length(btrim(message, e' \t\n\r\f\v\u00a0')) between 1 and 10000);
