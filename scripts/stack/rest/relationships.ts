// The relationships an embed can follow, built as PostgREST's schema cache builds them: each
// foreign key read both ways (many-to-one from its table, one-to-many back, one-to-one when its
// columns are unique); the same for views whose columns show a foreign key's columns;
// many-to-many through a junction whose primary key holds the columns of two foreign keys; and
// computed relationships (a function of one row returning rows of a table, overriding any other
// relationship of its name). Which one `target!hint(...)` means follows PostgREST's findRel.
import { errors } from './errors.ts';
import { noRelationshipHint } from './fuzzy-hints.ts';
import type { SchemaCache } from './schema-cache.ts';

export type Cardinality = 'one-to-many' | 'many-to-one' | 'one-to-one' | 'many-to-many';

export interface Junction {
  table: string;
  constraint1: string;
  constraint2: string;
  /** Junction columns paired with the origin's columns they reference. */
  columns: Array<[junction: string, origin: string]>;
  /** Junction columns paired with the target's columns they reference. */
  foreignColumns: Array<[junction: string, target: string]>;
}

export interface Relationship {
  /** The foreign key's name; the junction table's for many-to-many; the function's for computed. */
  constraint: string;
  cardinality: Cardinality;
  table: string;
  /** Columns of `table` joined to `foreignColumns` of `foreignTable`, pairwise (foreign keys only). */
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
  isSelf: boolean;
  foreignIsView: boolean;
  junction?: Junction;
  /** A computed relationship: the function called with the parent's row. */
  computed?: { fn: string; toOne: boolean };
}

export const isToOne = (rel: Relationship): boolean =>
  rel.computed ? rel.computed.toOne : rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';

const cardinalityOrder: Record<Cardinality, number> = { 'one-to-many': 0, 'many-to-one': 1, 'one-to-one': 2, 'many-to-many': 3 };
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** PostgREST's order of the relationships of one table (its derived Ord), which its PGRST201 lists. */
function relationshipOrder(a: Relationship, b: Relationship): number {
  return (Number(Boolean(a.computed)) - Number(Boolean(b.computed))) || compareText(a.foreignTable, b.foreignTable) ||
    (Number(a.isSelf) - Number(b.isSelf)) || (cardinalityOrder[a.cardinality] - cardinalityOrder[b.cardinality]) ||
    compareText(a.constraint, b.constraint) || compareText(a.columns.join(','), b.columns.join(','));
}

function isUnique(cache: SchemaCache, table: string, columns: string[]): boolean {
  const keys = cache.tables.get(table)?.uniqueKeys ?? [];
  return keys.some((key) => key.length === columns.length && key.every((c) => columns.includes(c)));
}

/** The relations showing `columns` of `table`: the table itself, and views with every one of them (renamed). */
function showing(cache: SchemaCache, table: string, columns: string[]): Array<{ relation: string; columns: string[]; isView: boolean }> {
  const out = [{ relation: table, columns, isView: false }];
  for (const view of cache.tables.values()) {
    if (!view.origins) continue;
    const renamed = columns.map((c) => [...view.origins!].find(([, [t, col]]) => t === table && col === c)?.[0]);
    if (renamed.every((c) => c !== undefined)) out.push({ relation: view.name, columns: renamed as string[], isView: true });
  }
  return out;
}

function buildRelationships(cache: SchemaCache): Map<string, Relationship[]> {
  const manyToOne: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    const oneToOne = isUnique(cache, fk.table, fk.columns);
    for (const from of showing(cache, fk.table, fk.columns)) {
      for (const to of showing(cache, fk.foreignTable, fk.foreignColumns)) {
        manyToOne.push({
          constraint: fk.name,
          cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
          table: from.relation,
          columns: from.columns,
          foreignTable: to.relation,
          foreignColumns: to.columns,
          isSelf: from.relation === to.relation,
          foreignIsView: to.isView,
        });
      }
    }
  }
  const all = [...manyToOne];
  for (const rel of manyToOne) {
    all.push({
      ...rel,
      cardinality: rel.cardinality === 'one-to-one' ? 'one-to-one' : 'one-to-many',
      table: rel.foreignTable,
      columns: rel.foreignColumns,
      foreignTable: rel.table,
      foreignColumns: rel.columns,
      foreignIsView: cache.tables.get(rel.table)?.isView ?? false,
    });
  }
  for (const first of manyToOne) {
    const junctionKey = cache.tables.get(first.table)?.primaryKey ?? [];
    for (const second of manyToOne) {
      if (second.table !== first.table || second.constraint === first.constraint || first.cardinality !== 'many-to-one' || second.cardinality !== 'many-to-one') continue;
      if (![...first.columns, ...second.columns].every((c) => junctionKey.includes(c))) continue;
      all.push({
        constraint: first.table,
        cardinality: 'many-to-many',
        table: first.foreignTable,
        columns: [],
        foreignTable: second.foreignTable,
        foreignColumns: [],
        isSelf: first.foreignTable === second.foreignTable,
        foreignIsView: second.foreignIsView,
        junction: {
          table: first.table,
          constraint1: first.constraint,
          constraint2: second.constraint,
          columns: first.columns.map((c, i) => [c, first.foreignColumns[i]!]),
          foreignColumns: second.columns.map((c, i) => [c, second.foreignColumns[i]!]),
        },
      });
    }
  }
  const byTable = new Map<string, Relationship[]>();
  for (const rel of all) byTable.set(rel.table, [...(byTable.get(rel.table) ?? []), rel]);
  for (const routines of cache.routines.values()) {
    for (const fn of routines) {
      const origin = fn.params.length === 1 ? fn.params[0]!.relation : undefined;
      if (!origin || !fn.relation) continue;
      const kept = (byTable.get(origin) ?? []).filter((rel) => rel.foreignTable !== fn.name || rel.computed);
      kept.push({
        constraint: fn.name,
        cardinality: 'one-to-many',
        table: origin,
        columns: [],
        foreignTable: fn.relation,
        foreignColumns: [],
        isSelf: origin === fn.relation,
        foreignIsView: cache.tables.get(fn.relation)?.isView ?? false,
        computed: { fn: fn.name, toOne: !fn.returnsSet || fn.rows === 1 },
      });
      byTable.set(origin, kept);
    }
  }
  for (const rels of byTable.values()) rels.sort(relationshipOrder);
  return byTable;
}

const built = new WeakMap<SchemaCache, Map<string, Relationship[]>>();

/** Every relationship that starts at `origin`, in PostgREST's order. */
export function relationshipsOf(cache: SchemaCache, origin: string): Relationship[] | undefined {
  let map = built.get(cache);
  if (!map) built.set(cache, (map = buildRelationships(cache)));
  return map.get(origin);
}

const singleColumn = (cols: string[], name: string) => cols.length === 1 && cols[0] === name;

function matches(rel: Relationship, target: string, hint: string | undefined): boolean {
  if (rel.computed) return target === rel.computed.fn;
  const fk = rel.cardinality !== 'many-to-many';
  if (rel.isSelf) {
    if (hint === undefined) {
      return (target === rel.foreignTable && rel.cardinality === 'one-to-many') || (fk && singleColumn(rel.columns, target) && rel.cardinality === 'many-to-one');
    }
    return target === rel.foreignTable && rel.cardinality === 'one-to-many' && singleColumn(rel.foreignColumns, hint);
  }
  if (hint === undefined) {
    return target === rel.foreignTable || (fk && !rel.foreignIsView && (target === rel.constraint || singleColumn(rel.columns, target)));
  }
  return (
    target === rel.foreignTable &&
    (fk ? hint === rel.constraint || singleColumn(rel.columns, hint) || singleColumn(rel.foreignColumns, hint) : hint === rel.junction!.table)
  );
}

/** PGRST201's `details`, as PostgREST's compressedRel words them. */
function describe(rel: Relationship): Record<string, string> {
  const cols = (c: string[]) => `(${c.join(', ')})`;
  if (rel.junction) {
    const j = rel.junction;
    return {
      embedding: `${rel.table} with ${rel.foreignTable}`,
      cardinality: 'many-to-many',
      relationship: `${j.table} using ${j.constraint1}${cols(j.columns.map(([c]) => c))} and ${j.constraint2}${cols(j.foreignColumns.map(([c]) => c))}`,
    };
  }
  return {
    embedding: `${rel.table} with ${rel.foreignTable}`,
    cardinality: rel.cardinality,
    relationship: `${rel.constraint} using ${rel.table}${cols(rel.columns)} and ${rel.foreignTable}${cols(rel.foreignColumns)}`,
  };
}

export function findRelationship(cache: SchemaCache, origin: string, target: string, hint: string | undefined): Relationship {
  const rels = relationshipsOf(cache, origin);
  const found = (rels ?? []).filter((rel) => matches(rel, target, hint));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    const related = rels?.map((rel) => rel.foreignTable);
    const parents = [...(built.get(cache)?.keys() ?? [])];
    throw errors.noRelationship(cache.schema, origin, target, hint, noRelationshipHint(parents, origin, target, related));
  }
  const details = found.map(describe);
  const options = found.map((rel) => `'${rel.foreignTable}!${rel.junction?.table ?? rel.constraint}'`).join(', ');
  throw errors.ambiguousRelationship(origin, target, details,
    `Try changing '${target}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`);
}
