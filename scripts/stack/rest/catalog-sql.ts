// The catalog queries behind the schema cache: one statement returning an exposed schema (the
// parameter $1) as JSON, and a fingerprint cheap enough to poll.

/** Changes whenever a relation, column, constraint or function of the schema $1 changes. */
export const fingerprintQuery = `
select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
  select concat_ws('|', c.oid, c.relname, c.relkind, c.relnatts) as item
    from pg_class c where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')
  union all
  select concat_ws('|', a.attrelid, a.attnum, a.attname, a.atttypid, a.attisdropped)
    from pg_attribute a join pg_class c on c.oid = a.attrelid
   where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p') and a.attnum > 0
  union all
  select concat_ws('|', o.oid, o.conname, o.contype) from pg_constraint o where o.connamespace = $1::regnamespace
  union all
  select concat_ws('|', p.oid, p.proname, p.pronargs, p.prorettype, p.proargnames)
    from pg_proc p where p.pronamespace = $1::regnamespace
) items`;

const columnsOf = (relid: string) => `
  (select coalesce(json_agg(json_build_object(
            'name', a.attname,
            'type', format_type(a.atttypid, a.atttypmod),
            'default', case when a.attidentity = 'd' then format('nextval(%L)', pg_get_serial_sequence(format('%I.%I', an.nspname, ac.relname), a.attname))
                            else pg_get_expr(ad.adbin, ad.adrelid) end,
            'baseType', coalesce(bt.typname, t.typname)) order by a.attnum), '[]')
     from pg_attribute a
     join pg_class ac on ac.oid = a.attrelid
     join pg_namespace an on an.oid = ac.relnamespace
     join pg_type t on t.oid = a.atttypid
     left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
     left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
    where a.attrelid = ${relid} and a.attnum > 0 and not a.attisdropped)`;

const keyColumns = (conrelid: string, keys: string) => `
  (select json_agg(a.attname order by kc.ord)
     from unnest(${keys}) with ordinality kc(attnum, ord)
     join pg_attribute a on a.attrelid = ${conrelid} and a.attnum = kc.attnum)`;

/**
 * For a view, which base-table column each of its columns shows: the rewrite rule's target list
 * records it (resorigtbl/resorigcol), as PostgREST reads it to give views their tables' foreign keys.
 * The last target list in the rule's text is the view's own (subqueries come first).
 */
const viewOrigins = (relid: string) => `
  (select json_object_agg(o.view_column, json_build_array(o.relname, o.attname))
     from (select distinct on (m[1]) m[1] as view_column, oc.relname, oa.attname
             from pg_rewrite r,
                  regexp_matches(r.ev_action::text, ':resname (\\S+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+)', 'g')
                    with ordinality as x(m, n)
             join pg_class oc on oc.oid = m[2]::oid and oc.relnamespace = $1::regnamespace
             join pg_attribute oa on oa.attrelid = oc.oid and oa.attnum = m[3]::int2
            where r.ev_class = ${relid} and r.rulename = '_RETURN'
            order by m[1], x.n desc) o)`;

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
                   where k.conrelid = c.oid and k.contype in ('p', 'u')),
      'origins', ${viewOrigins('c.oid')}
    )), '[]')
    from pg_class c
    where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition
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
    where f.contype = 'f' and f.conparentid = 0 and src.relnamespace = $1::regnamespace and dst.relnamespace = $1::regnamespace
  ),
  'routines', (
    select coalesce(json_agg(json_build_object(
      'name', p.proname,
      'params', coalesce((
        select json_agg(json_build_object(
                 'name', coalesce(p.proargnames[arg.ord], ''),
                 'type', format_type(arg.type, null),
                 'relation', (select pc.relname from pg_type pt join pg_class pc on pc.oid = pt.typrelid
                               where pt.oid = arg.type and pc.relnamespace = $1::regnamespace and pc.relkind in ('r', 'v', 'm', 'f', 'p')),
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
      'volatile', p.provolatile = 'v',
      'rows', p.prorows,
      'relation', (select rc.relname from pg_class rc where rc.oid = rt.typrelid
                    and rc.relnamespace = $1::regnamespace and rc.relkind in ('r', 'v', 'm', 'f', 'p'))
    )), '[]')
    from pg_proc p
    join pg_type rt on rt.oid = p.prorettype
    where p.pronamespace = $1::regnamespace and p.prokind = 'f'
      and rt.typname not in ('trigger', 'event_trigger', 'internal')
      and not (rt.oid = 'record'::regtype and p.proallargtypes is null)
  ),
  'types', (
    select json_agg(json_build_array(t.typname, n.nspname) order by n.nspname = 'pg_catalog') from pg_type t
    join pg_namespace n on n.oid = t.typnamespace
    where (n.nspname = 'pg_catalog' or n.oid = $1::regnamespace) and t.typname !~ '^(_|pg_)' and t.typtype in ('b', 'd', 'e', 'r', 'm')
  )
) as catalog`;
