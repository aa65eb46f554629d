// The SQL builder against an in-memory schema cache: names are resolved or refused before any SQL
// exists, identifiers come out quoted, and every value from the URL or body is a bind parameter.
import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseQueryParams, splitQuery } from './query-params.ts';
import { findRelationship } from './relationships.ts';
import { planRoot } from './request.ts';
import type { Column, Routine, SchemaCache, Table } from './schema-cache.ts';
import { postgrestDefaults } from './settings.ts';
import { SqlParams } from './sql-fragments.ts';
import { countQuery, readStatement } from './sql-read.ts';
import { rpcStatement } from './sql-rpc.ts';
import { deleteStatement, insertStatement, updateStatement } from './sql-write.ts';

const column = (name: string, type = 'text', baseType = type): Column => ({ name, type, baseType });

function table(name: string, columns: Column[], primaryKey: string[] = ['id'], uniqueKeys: string[][] = [primaryKey]): Table {
  return { name, isView: false, columns: new Map(columns.map((c) => [c.name, c])), primaryKey, uniqueKeys };
}

const cache: SchemaCache = {
  schema: 'public',
  tables: new Map([
    ['customers', table('customers', [column('id', 'uuid'), column('name')])],
    ['orders', table('orders', [column('id', 'bigint', 'int8'), column('customer_id', 'uuid'), column('status'), column('meta', 'jsonb'), column('created_at', 'timestamptz')])],
    ['items', table('items', [column('id', 'bigint', 'int8'), column('order_id', 'bigint', 'int8'), column('quantity', 'integer', 'int4'), column('search', 'tsvector')])],
    ['cards', table('cards', [column('customer_id', 'uuid'), column('points', 'integer', 'int4')], ['customer_id'])],
    ['gifts', table('gifts', [column('id', 'bigint', 'int8'), column('giver_id', 'uuid'), column('receiver_id', 'uuid')])],
    ['people', table('people', [column('id', 'bigint', 'int8'), column('parent_id', 'bigint', 'int8')])],
  ]),
  foreignKeys: [
    { name: 'orders_customer_id_fkey', table: 'orders', columns: ['customer_id'], foreignTable: 'customers', foreignColumns: ['id'] },
    { name: 'items_order_id_fkey', table: 'items', columns: ['order_id'], foreignTable: 'orders', foreignColumns: ['id'] },
    { name: 'cards_customer_id_fkey', table: 'cards', columns: ['customer_id'], foreignTable: 'customers', foreignColumns: ['id'] },
    { name: 'gifts_giver_id_fkey', table: 'gifts', columns: ['giver_id'], foreignTable: 'customers', foreignColumns: ['id'] },
    { name: 'gifts_receiver_id_fkey', table: 'gifts', columns: ['receiver_id'], foreignTable: 'customers', foreignColumns: ['id'] },
    { name: 'people_parent_id_fkey', table: 'people', columns: ['parent_id'], foreignTable: 'people', foreignColumns: ['id'] },
  ],
  routines: new Map(),
  types: new Map([['text', 'pg_catalog'], ['int4', 'pg_catalog']]),
};

const planning = { cache, restSettings: postgrestDefaults };

function read(relation: string, query: string, count = false) {
  const params = parseQueryParams(splitQuery(query), { rpcRead: false });
  const root = planRoot(planning, relation, cache.tables.get(relation)!.columns, params);
  const p = new SqlParams();
  return { sql: readStatement(root, p, { count, headOnly: false, stripNulls: false, csv: false }), values: p.values, root };
}

function refusal(run: () => unknown): RestError {
  try {
    run();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('reads', () => {
  it('quotes every identifier and binds every value', () => {
    const { sql, values } = read('orders', "select=id,status&status=eq.paid'; drop table orders; --&id=in.(1,2)&order=created_at.desc.nullslast&limit=5&offset=10");
    expect(sql).toContain('"pgrst_t0"."status" = $1');
    expect(sql).toContain('"pgrst_t0"."id" = any($2)');
    expect(sql).toContain('order by "pgrst_t0"."created_at" desc nulls last limit $3 offset $4');
    expect(values).toEqual(["paid'; drop table orders; --", '{"1","2"}', '5', '10']);
    expect(sql).not.toContain('drop table');
  });

  it('embeds to-many as a JSON array and to-one as an object through lateral joins', () => {
    const { sql } = read('orders', 'select=id,customer:customers(name),items(id,quantity)&items.quantity=gt.1&items.order=id.desc&items.limit=3');
    expect(sql).toContain('row_to_json("pgrst_e1".*) as "customer"');
    expect(sql).toContain('left join lateral (select "pgrst_t2"."name" as "name" from "public"."customers" as "pgrst_t2" where "pgrst_t2"."id" = "pgrst_t0"."customer_id")');
    expect(sql).toContain(`coalesce("pgrst_e3"."pgrst_e3", '[]') as "items"`);
    expect(sql).toContain('"pgrst_t4"."order_id" = "pgrst_t0"."id" and "pgrst_t4"."quantity" > $1 order by "pgrst_t4"."id" desc limit $2');
  });

  it('turns !inner into an inner join and a null-embed filter into a condition', () => {
    expect(read('orders', 'select=id,items!inner(id)').sql).toContain(`inner join lateral (select json_agg("pgrst_e1") as "pgrst_e1"`);
    expect(read('orders', 'select=id,items(id)&items=is.null').sql).toContain('where "pgrst_e1"."pgrst_e1" is null');
  });

  it('nests and/or/not and binds JSON path keys', () => {
    const { sql, values } = read('orders', 'or=(status.eq.a,and(meta->>kind.eq.b,status.not.is.null))&meta->tags->0=eq."x"');
    expect(sql).toContain(`where "pgrst_t0"."meta"->$1->$2::int = $3 and ("pgrst_t0"."status" = $4 or ("pgrst_t0"."meta"->>$5 = $6 and not ("pgrst_t0"."status" is null)))`);
    expect(values).toEqual(['tags', '0', '"x"', 'a', 'kind', 'b']);
  });

  it('maps operators to their SQL and stars to percent signs', () => {
    const sql = (filter: string) => read('items', filter).sql;
    expect(sql('quantity=not.in.()')).toContain(`not ("pgrst_t0"."quantity" = any('{}'))`);
    expect(sql('quantity=like(any).{1*,2*}')).toContain('"pgrst_t0"."quantity" like any($1)');
    expect(read('items', 'quantity=ilike.*1*').values).toEqual(['%1%']);
    expect(sql('search=wfts(french).paix')).toContain('"pgrst_t0"."search" @@ websearch_to_tsquery($1::regconfig, $2)');
    expect(sql('quantity=isdistinct.3')).toContain('is distinct from $1');
    expect(sql('quantity=is.unknown')).toContain('"pgrst_t0"."quantity" is unknown');
  });

  it('counts without paging only when a range is asked for', () => {
    expect(read('orders', 'select=id', true).sql).toContain('select null::int8 as total');
    expect(read('orders', 'select=id&limit=1', true).sql).toContain('(select count(*) from (select 1 from "public"."orders" as "pgrst_t0") pgrst_count)');
  });

  it('refuses unknown columns, casts and embeds before building SQL', () => {
    expect(refusal(() => read('orders', 'select=nope'))).toMatchObject({ status: 400, code: '42703' });
    expect(refusal(() => read('orders', '"id; drop table x; --"=eq.1'))).toMatchObject({ code: '42703' });
    expect(refusal(() => read('orders', 'id;drop=eq.1'))).toMatchObject({ code: 'PGRST100' });
    expect(refusal(() => read('orders', 'select=id::evil'))).toMatchObject({ code: '42704' });
    expect(refusal(() => read('orders', 'select=id,nope(*)'))).toMatchObject({ status: 400, code: 'PGRST200' });
    expect(refusal(() => read('orders', 'select=id&items.quantity=eq.1'))).toMatchObject({ code: 'PGRST108' });
    expect(refusal(() => read('orders', 'select=id,items(id)&order=items(id)'))).toMatchObject({ code: 'PGRST118' });
  });
});

describe('relationships', () => {
  it('follows a foreign key in both directions, by table, constraint or column', () => {
    expect(findRelationship(cache, 'orders', 'customers', undefined)).toMatchObject({ cardinality: 'many-to-one', foreignTable: 'customers' });
    expect(findRelationship(cache, 'customers', 'orders', undefined)).toMatchObject({ cardinality: 'one-to-many', columns: ['id'], foreignColumns: ['customer_id'] });
    expect(findRelationship(cache, 'customers', 'cards', undefined)).toMatchObject({ cardinality: 'one-to-one' });
    expect(findRelationship(cache, 'orders', 'customer_id', undefined)).toMatchObject({ foreignTable: 'customers' });
    expect(findRelationship(cache, 'gifts', 'customers', 'gifts_giver_id_fkey')).toMatchObject({ columns: ['giver_id'] });
    expect(findRelationship(cache, 'gifts', 'customers', 'receiver_id')).toMatchObject({ columns: ['receiver_id'] });
  });

  it('reports an ambiguous embed as PGRST201 with the candidates', () => {
    const error = refusal(() => findRelationship(cache, 'gifts', 'customers', undefined));
    expect(error).toMatchObject({ status: 300, code: 'PGRST201' });
    expect(error.details).toHaveLength(2);
    expect(error.hint).toContain("'customers!gifts_giver_id_fkey'");
  });

  it('tells parent from children in a self-relationship', () => {
    expect(findRelationship(cache, 'people', 'people', undefined)).toMatchObject({ cardinality: 'one-to-many' });
    expect(findRelationship(cache, 'people', 'parent_id', undefined)).toMatchObject({ cardinality: 'many-to-one' });
  });
});

describe('writes', () => {
  const plan = (relation: string, query = '') => planRoot(planning, relation, cache.tables.get(relation)!.columns, parseQueryParams(splitQuery(query), { rpcRead: false }));
  const shape = { count: false, headOnly: false, stripNulls: false, csv: false };

  it('inserts from one JSON parameter typed by the row type, and upserts on a conflict target', () => {
    const p = new SqlParams();
    const sql = insertStatement(plan('orders', 'select=id'), {
      rowsJson: '[{"id":1,"status":"paid"}]', columns: ['id', 'status'], missingDefault: false,
      onConflict: { columns: ['id'], resolution: 'merge' },
    }, p, 'representation', shape);
    expect(sql).toContain('insert into "public"."orders" as "pgrst_t0" ("id", "status") select "id", "status" from json_populate_recordset(null::"public"."orders", $1::json)');
    expect(sql).toMatch(/ on conflict \("id"\) do update set "id" = excluded."id", "status" = excluded."status" where set_config\('pgrst\.inserted', .* - 1\)::text, true\) <> '-1' returning "pgrst_t0"."id"/);
    expect(p.values).toEqual(['[{"id":1,"status":"paid"}]']);
  });

  it('lays each row over its columns\' defaults when missing=default', () => {
    const p = new SqlParams();
    const withDefaults = planRoot(planning, 'orders', new Map([...cache.tables.get('orders')!.columns].map(([name, c]) => [name, name === 'status' ? { ...c, default: "'new'::text" } : c])), parseQueryParams([], { rpcRead: false }));
    const sql = insertStatement(withDefaults, {
      rowsJson: '[{"status":"a"},{"meta":{}}]',
      columns: ['status', 'meta'], missingDefault: true,
    }, p, 'count', shape);
    expect(sql).toContain(`jsonb_populate_recordset(null::"public"."orders", (select jsonb_agg(jsonb_build_object($2::text, 'new'::text) || pgrst_elem) from jsonb_array_elements($1::jsonb) as pgrst_elem))`);
    expect(p.values).toEqual(['[{"status":"a"},{"meta":{}}]', 'status']);
    expect(sql).toContain('returning 1');
  });

  it('updates and deletes only what the filters select', () => {
    const p = new SqlParams();
    const update = updateStatement(plan('orders', 'id=eq.7'), '{"status":"x"}', ['status'], p, 'count', shape);
    expect(update).toContain('update "public"."orders" as "pgrst_t0" set "status" = pgrst_body."status" from (select * from json_populate_record(null::"public"."orders", $2::json)) as pgrst_body where "pgrst_t0"."id" = $1');
    const q = new SqlParams();
    expect(deleteStatement(plan('orders', 'status=eq.x'), q, 'count', shape)).toContain('delete from "public"."orders" as "pgrst_t0" where "pgrst_t0"."status" = $1 returning 1');
  });

  it('counts the rows of a mutation without reading them back unless asked', () => {
    expect(deleteStatement(plan('orders'), new SqlParams(), 'count', shape)).toContain('count(*)::int8 as page_total, null::text as body, null::int8 as inserted from pgrst_source');
  });
});

describe('rpc', () => {
  const routine = (returns: Routine['returns'], returnsSet: boolean): Routine => ({
    name: 'fn', params: [{ name: 'a', type: 'integer', hasDefault: false, variadic: false }], returnsSet, returns,
    resultColumns: new Map([['x', column('x', 'integer', 'int4')]]), volatile: false, rows: 1000,
  });
  const root = (r: Routine) => planRoot(planning, 'fn', r.resultColumns, parseQueryParams(splitQuery('x=gt.1'), { rpcRead: true }));
  const shape = { count: false, headOnly: false, stripNulls: false, csv: false };

  it('passes named arguments through json_to_record with the parameter types', () => {
    const p = new SqlParams();
    const r = routine('scalar', false);
    const sql = rpcStatement(r, { kind: 'named', names: ['a'], json: '{"a":1}' }, root(r), p, shape);
    expect(sql).toContain(`"public"."fn"("a" := pgrst_args."a") as pgrst_scalar from json_to_record($1::json) as pgrst_args("a" integer)`);
    expect(p.values).toEqual(['{"a":1}']);
  });

  it('filters the rows of a set-returning function and discards void results', () => {
    const r = routine('composite', true);
    expect(rpcStatement(r, { kind: 'named', names: [], json: '{}' }, root(r), new SqlParams(), shape)).toContain('from "public"."fn"() as "pgrst_t0" where "pgrst_t0"."x" > $1');
    const v = routine('void', false);
    expect(rpcStatement(v, { kind: 'named', names: [], json: '{}' }, root(v), new SqlParams(), shape)).toContain('from (select "public"."fn"()) pgrst_call');
  });
});

describe('count query', () => {
  it('keeps only the joins that can remove rows', () => {
    const { root } = read('orders', 'select=id,customers(name),items!inner(id)');
    const sql = countQuery(root, new SqlParams());
    expect(sql).toContain('inner join lateral');
    expect(sql).not.toContain('"public"."customers"');
  });
});
