// The catalog queries behind the schema cache: one statement returning the exposed schema as
// JSON, and a fingerprint cheap enough to poll.

/** Changes whenever a relation, column, constraint or function of `public` changes. */
export const fingerprintQuery = `
select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
  select concat_ws('|', c.oid, c.relname, c.relkind, c.relnatts) as item
    from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')
  union all
  select concat_ws('|', a.attrelid, a.attnum, a.attname, a.atttypid, a.attisdropped)
    from pg_attribute a join pg_class c on c.oid = a.attrelid
   where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p') and a.attnum > 0
  union all
  select concat_ws('|', o.oid, o.conname, o.contype) from pg_constraint o where o.connamespace = 'public'::regnamespace
  union all
  select concat_ws('|', p.oid, p.proname, p.pronargs, p.prorettype, p.proargnames)
    from pg_proc p where p.pronamespace = 'public'::regnamespace
) items`;

const columnsOf = (relid: string) => `
  (select coalesce(json_agg(json_build_object(
            'name', a.attname,
            'type', format_type(a.atttypid, a.atttypmod),
            'baseType', coalesce(bt.typname, t.typname)) order by a.attnum), '[]')
     from pg_attribute a
     join pg_type t on t.oid = a.atttypid
     left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
    where a.attrelid = ${relid} and a.attnum > 0 and not a.attisdropped)`;

const keyColumns = (conrelid: string, keys: string) => `
  (select json_agg(a.attname order by kc.ord)
     from unnest(${keys}) with ordinality kc(attnum, ord)
     join pg_attribute a on a.attrelid = ${conrelid} and a.attnum = kc.attnum)`;

export const catalogQuery = `
select json_build_object(
  'fingerprint', (${fingerprintQuery}),
  'tables', (
    select coalesce(json_agg(json_build_object(
      'name', c.relname,
      'kind', c.relkind,
      'columns', ${columnsOf('c.oid')},
      'pk', (select ${keyColumns('k.conrelid', 'k.conkey')} from pg_constraint k where k.conrelid = c.oid and k.contype = 'p'),
      'uniques', (select json_agg(${keyColumns('k.conrelid', 'k.conkey')}) from pg_constraint k
                   where k.conrelid = c.oid and k.contype in ('p', 'u'))
    )), '[]')
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition
  ),
  'fkeys', (
    select coalesce(json_agg(json_build_object(
      'name', f.conname,
      'table', src.relname,
      'columns', ${keyColumns('f.conrelid', 'f.conkey')},
      'foreignTable', dst.relname,
      'foreignColumns', ${keyColumns('f.confrelid', 'f.confkey')}
    )), '[]')
    from pg_constraint f
    join pg_class src on src.oid = f.conrelid
    join pg_class dst on dst.oid = f.confrelid
    where f.contype = 'f' and src.relnamespace = 'public'::regnamespace and dst.relnamespace = 'public'::regnamespace
  ),
  'routines', (
    select coalesce(json_agg(json_build_object(
      'name', p.proname,
      'params', coalesce((
        select json_agg(json_build_object(
                 'name', coalesce(p.proargnames[arg.ord], ''),
                 'type', format_type(arg.type, null),
                 'hasDefault', arg.input_ord > p.pronargs - p.pronargdefaults,
                 'variadic', arg.mode = 'v') order by arg.ord)
          from (
            select u.type, u.ord, coalesce(p.proargmodes[u.ord], 'i') as mode,
                   count(*) filter (where coalesce(p.proargmodes[u.ord], 'i') in ('i', 'b', 'v')) over (order by u.ord) as input_ord
              from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(type, ord)
          ) arg
         where arg.mode in ('i', 'b', 'v')), '[]'),
      'returnsSet', p.proretset,
      'returns', case when p.prorettype = 'void'::regtype then 'void'
                      when rt.typtype = 'c' or (rt.oid = 'record'::regtype and p.proallargtypes is not null) then 'composite'
                      else 'scalar' end,
      'columns', case
        when rt.typtype = 'c' then ${columnsOf('rt.typrelid')}
        when rt.oid = 'record'::regtype then (
          select json_agg(json_build_object('name', p.proargnames[u.ord], 'type', format_type(u.type, null), 'baseType', t.typname) order by u.ord)
            from unnest(p.proallargtypes) with ordinality u(type, ord)
            join pg_type t on t.oid = u.type
           where p.proargmodes[u.ord] in ('o', 'b', 't'))
        end,
      'volatile', p.provolatile = 'v'
    )), '[]')
    from pg_proc p
    join pg_type rt on rt.oid = p.prorettype
    where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
      and rt.typname not in ('trigger', 'event_trigger', 'internal')
      and not (rt.oid = 'record'::regtype and p.proallargtypes is null)
  ),
  'types', (
    select json_agg(json_build_array(t.typname, n.nspname) order by n.nspname = 'pg_catalog') from pg_type t
    join pg_namespace n on n.oid = t.typnamespace
    where n.nspname in ('pg_catalog', 'public') and t.typname !~ '^(_|pg_)' and t.typtype in ('b', 'd', 'e', 'r', 'm')
  )
) as catalog`;
