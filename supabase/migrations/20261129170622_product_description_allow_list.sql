-- A product's description is HTML the storefront and the pre-rendered pages show as they are. The
-- browser is untrusted, and so is whatever an import copies: whoever writes it (an administrator
-- through PostgREST, the import or a fixture as the service role, an operator's SQL), it must be the
-- canonical form the editor and the shared sanitiser write (web/src/lib/description-html.ts):
--   <p>, <h2>, <h3>, <strong>, <em>, <ul>, <ol>, <li>, <br> without attributes;
--   <a href="https://…"> or <a href="mailto:…"> and nothing else on a link;
--   text with &, < and > escaped as &amp;, &lt;, &gt; (every other character written as itself).
-- An allow-list of tokens over that form, not a sanitiser in SQL: what is not one of those tokens
-- is refused, so a script, an `on…` attribute, a `style`, an iframe, a comment, a `javascript:` URL
-- or a numeric entity spelling one cannot slip through a parser's disagreement. Writers sanitise
-- first; the database refuses, with 23514 and the first token at fault, what they did not.
create function private.refuse_description_outside_allow_list()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  rest text;
  offending text;
begin
  if new.description is null then
    return new;
  end if;
  -- Strike every allowed token, scanning left to right: a link's address is taken whole with its
  -- tag, so a `<` or `&` left over is one no allowed token accounts for.
  rest := pg_catalog.regexp_replace(
    new.description,
    '</?(p|h2|h3|strong|em|ul|ol|li)>|<br>|<a href="(https://|mailto:)([^"<>&[:space:][:cntrl:]]|&amp;)+">|</a>|&(amp|lt|gt);',
    '', 'g');
  offending := pg_catalog.substring(rest, '<[^>]{0,40}>?|&[^;[:space:]]{0,20};?|>');
  if offending is not null then
    raise exception 'description: % is outside the editor''s allowed HTML', pg_catalog.quote_literal(offending)
      using errcode = '23514',
            detail = 'Allowed: <p>, <h2>, <h3>, <strong>, <em>, <ul>, <ol>, <li>, <br>, <a href="https://…|mailto:…">; '
                     || 'text with &amp; &lt; &gt; escaped.',
            hint = 'Write it through the shared sanitiser (web/src/lib/description-html.ts).';
  end if;
  return new;
end;
$$;

revoke all on function private.refuse_description_outside_allow_list() from public, anon, authenticated;

create trigger products_description_allow_list
  before insert or update of description on public.products
  for each row execute function private.refuse_description_outside_allow_list();
