// Fills a database with years of a growing shop's history, in set-based SQL so it takes seconds:
// customers (through auth.users, so the profile trigger runs), orders with items, a long chat
// between customers and the administrator, and contact messages.
import type pg from 'pg';

export interface HistorySize {
  customers: number;
  orders: number;
  itemsPerOrder: number;
  chatMessages: number;
  contactMessages: number;
}

export const fullScale: HistorySize = { customers: 10_000, orders: 100_000, itemsPerOrder: 3, chatMessages: 1_000_000, contactMessages: 50_000 };

export interface History {
  adminId: string;
  /** A customer with a typical history, to run the dashboard queries as. */
  sampleCustomerId: string;
}

const fileTypes = `(array['pdf','audio','video','other'])`;
// Customers with varied French names and e-mail addresses, as a real shop has: an index over
// their text (the users page's search) is only as selective as the text is varied.
const firstNames = `(array['Marie','Jean','Pierre','Sophie','Luc','Claire','Élise','Thomas','Camille','Hugo','Léa','Louis','Chloé','Gabriel','Inès','Arthur','Manon','Jules','Zoé','Adam','Anaïs','Paul','Juliette','Nathan','Margaux','Raphaël','Océane','Théo','Agathe','Victor','Hélène','Bruno','Nadia','Karim','Yasmine','Olivier','Céline','Mathis','Noémie','Antoine'])`;
const lastNames = `(array['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand','Leroy','Moreau','Simon','Laurent','Lefèvre','Michel','Garcia','David','Bertrand','Roux','Vincent','Fournier','Morel','Girard','André','Mercier','Dupont','Lambert','Bonnet','François','Martinez','Legrand','Garnier','Faure','Rousseau','Blanc','Guérin','Muller','Henry','Roussel','Nicolas','Perrin','Morin','Mathieu','Clément','Gauthier','Dumont','Lopez','Fontaine','Chevalier','Robin','Masson'])`;
const domains = `(array['gmail.com','orange.fr','free.fr','laposte.net','yahoo.fr','hotmail.fr','sfr.fr'])`;

export async function generateHistory(db: pg.Client, size: HistorySize): Promise<History> {
  // The chat and order triggers of a real system are not the point here; bulk-load fast.
  await db.query(`set session_replication_role = replica`);
  await db.query(`set synchronous_commit = off`);
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     values (gen_random_uuid(), 'authenticated', 'authenticated', 'bench-admin@example.test', '{"provider":"email","providers":["email"]}',
             '{"full_name":"Administrateur"}', now(), now() - interval '3 years', now())
     returning id`,
  );
  const adminId = rows[0]!.id;
  await db.query(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     select gen_random_uuid(), 'authenticated', 'authenticated', f.name || '.' || l.name || '.' || g || '@' || d.name, '{"provider":"email","providers":["email"]}',
            jsonb_build_object('full_name', f.label || ' ' || l.label), now(), now() - (g % 1000) * interval '1 day', now()
     from generate_series(1, $1::int) g
     cross join lateral (select ${firstNames}[1 + g % 40] as label) f0
     cross join lateral (select f0.label, translate(lower(f0.label), 'éèëïôç', 'eeeioc') as name) f
     cross join lateral (select ${lastNames}[1 + (g / 40) % 50] as label) l0
     cross join lateral (select l0.label, translate(lower(l0.label), 'éèëïôç', 'eeeioc') as name) l
     cross join lateral (select ${domains}[1 + g % 7] as name) d`,
    [size.customers],
  );
  // session_replication_role = replica skips the profile trigger: create the profiles as it would,
  // at sign-up time (the dashboard counts the accounts of the last 7 days).
  await db.query(
    `insert into public.profiles (id, full_name, role, created_at)
     select id, raw_user_meta_data ->> 'full_name', case when id = $1 then 'admin' else 'customer' end, created_at from auth.users
     on conflict (id) do nothing`,
    [adminId],
  );
  await db.query(`update public.profiles set role = 'admin' where id = $1`, [adminId]);
  await db.query(`create temporary table bench_customers as select row_number() over (order by id) as n, id from auth.users where id <> $1`, [adminId]);
  await db.query(`create index on bench_customers (n)`);
  await db.query(
    // The history brings its own invoice numbers (in created_at order within each year, after any
    // the year already has, as the numbering trigger would have given them), then moves the counters
    // past them: the trigger's one locked counter update per row would take minutes here.
    `insert into public.orders (user_id, total_amount_cents, currency, status, checkout_session_id, created_at, cgv_version, consent_text, consented_at, invoice_number)
     select h.user_id, 4500, 'eur', 'completed', h.checkout_session_id, h.created_at, 1, 'Consentement de l''historique du banc d''essai', h.created_at,
            format('FA-%s-%s', h.year, lpad((coalesce(counter.last_number, 0) + row_number() over (partition by h.year order by h.created_at))::text, 6, '0'))
     from (select c.id as user_id, 'cs_hist_' || g as checkout_session_id, t.created_at,
                  extract(year from t.created_at at time zone 'Europe/Paris')::integer as year
             from generate_series(1, $1::int) g join bench_customers c on c.n = 1 + (g % $2::int)
             cross join lateral (select now() - (g % 1100) * interval '1 day' - (g % 86400) * interval '1 second' as created_at) t) h
     left join private.invoice_counters counter on counter.year = h.year`,
    [size.orders, size.customers],
  );
  await db.query(
    `insert into private.invoice_counters (year, last_number)
     select split_part(invoice_number, '-', 2)::integer, max(split_part(invoice_number, '-', 3)::integer) from public.orders group by 1
     on conflict (year) do update set last_number = greatest(private.invoice_counters.last_number, excluded.last_number)`,
  );
  await db.query(
    `insert into public.order_items (order_id, variant_id, product_title, variant_title, image_url, quantity, price_per_item_cents, file_path, file_type)
     select o.id, 'var_' || k, 'Produit ' || k, 'Standard', null, 1 + (k % 2), 1500,
            case when k % 3 = 0 then null else 'products/produit-' || k || '.pdf' end,
            case when k % 3 = 0 then null else ${fileTypes}[1 + k % 4] end
     from public.orders o cross join generate_series(1, $1::int) k`,
    [size.itemsPerOrder],
  );
  // Customer and administrator take turns; the last messages of each thread are unread.
  await db.query(
    `insert into public.user_messages (sender_id, receiver_id, content, created_at, is_read)
     select case when g % 2 = 0 then c.id else $2::uuid end, case when g % 2 = 0 then $2::uuid else c.id end,
            'Message ' || g, now() - ($1::int - g) * interval '1 minute', g <= $1::int - $3::int * 2
     from generate_series(1, $1::int) g join bench_customers c on c.n = 1 + (g % $3::int)`,
    [size.chatMessages, adminId, size.customers],
  );
  await db.query(
    `insert into public.contact_messages (name, email, subject, message, created_at)
     select 'Visiteur ' || g, 'visiteur' || g || '@example.test', 'Question ' || g, 'Bonjour, une question sur les enseignements.', now() - g * interval '10 minutes'
     from generate_series(1, $1::int) g`,
    [size.contactMessages],
  );
  await db.query(`set session_replication_role = origin`);
  // The triggers that keep each participant's latest chat message did not run: rebuild it.
  await db.query('select private.rebuild_chat_activity()');
  // Nor did those that keep the users page's search text.
  await db.query('select private.rebuild_account_directory()');
  await db.query('analyze');
  const sample = await db.query<{ id: string }>(`select id from bench_customers where n = 42`);
  return { adminId, sampleCustomerId: sample.rows[0]!.id };
}
