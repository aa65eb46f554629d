// Which foreign key an embed `target!hint(...)` follows, by PostgREST's rules (findRel): the target
// is a table, a constraint or a foreign-key column; the hint a constraint or a column on either side.
// A foreign key read from its own table is to-one; read from the referenced table it is to-many,
// unless its columns are unique (one-to-one).
import { errors } from './errors.ts';
import type { ForeignKey, SchemaCache } from './schema-cache.ts';

export interface Relationship {
  constraint: string;
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
  table: string;
  /** Columns of `table` joined to `foreignColumns` of `foreignTable`, pairwise. */
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
  isSelf: boolean;
  /** Whether this side holds the foreign key (many-to-one, or one-to-one from the referencing side). */
  fromReferencing: boolean;
}

export const isToOne = (rel: Relationship): boolean => rel.cardinality !== 'one-to-many';

function isUnique(cache: SchemaCache, table: string, columns: string[]): boolean {
  const keys = cache.tables.get(table)?.uniqueKeys ?? [];
  return keys.some((key) => key.length === columns.length && key.every((c) => columns.includes(c)));
}

/** Every relationship that starts at `origin`, both directions of each foreign key. */
export function relationshipsOf(cache: SchemaCache, origin: string): Relationship[] {
  const out: Relationship[] = [];
  const push = (fk: ForeignKey, fromReferencing: boolean) => {
    const oneToOne = isUnique(cache, fk.table, fk.columns);
    out.push({
      constraint: fk.name,
      cardinality: oneToOne ? 'one-to-one' : fromReferencing ? 'many-to-one' : 'one-to-many',
      table: origin,
      columns: fromReferencing ? fk.columns : fk.foreignColumns,
      foreignTable: fromReferencing ? fk.foreignTable : fk.table,
      foreignColumns: fromReferencing ? fk.foreignColumns : fk.columns,
      isSelf: fk.table === fk.foreignTable,
      fromReferencing,
    });
  };
  for (const fk of cache.foreignKeys) {
    if (fk.table === origin) push(fk, true);
    if (fk.foreignTable === origin) push(fk, false);
  }
  return out;
}

const singleColumn = (cols: string[], name: string) => cols.length === 1 && cols[0] === name;

function matches(rel: Relationship, target: string, hint: string | undefined): boolean {
  if (rel.isSelf) {
    if (hint === undefined) {
      return (target === rel.foreignTable && !rel.fromReferencing) || (singleColumn(rel.columns, target) && rel.fromReferencing);
    }
    return target === rel.foreignTable && !rel.fromReferencing && singleColumn(rel.foreignColumns, hint);
  }
  if (hint === undefined) {
    return target === rel.foreignTable || target === rel.constraint || singleColumn(rel.columns, target);
  }
  return (
    target === rel.foreignTable &&
    (hint === rel.constraint || singleColumn(rel.columns, hint) || singleColumn(rel.foreignColumns, hint))
  );
}

function describe(rel: Relationship): Record<string, string> {
  const cols = (c: string[]) => `(${c.join(', ')})`;
  const [referencing, referencingCols, referenced, referencedCols] = rel.fromReferencing
    ? [rel.table, rel.columns, rel.foreignTable, rel.foreignColumns]
    : [rel.foreignTable, rel.foreignColumns, rel.table, rel.columns];
  return {
    cardinality: rel.cardinality,
    embedding: `${rel.table} with ${rel.foreignTable}`,
    relationship: `${rel.constraint} using ${referencing}${cols(referencingCols)} and ${referenced}${cols(referencedCols)}`,
  };
}

export function findRelationship(cache: SchemaCache, origin: string, target: string, hint: string | undefined): Relationship {
  const found = relationshipsOf(cache, origin).filter((rel) => matches(rel, target, hint));
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw errors.noRelationship(origin, target, hint);
  const details = found.map(describe);
  const options = found.map((rel) => `'${rel.foreignTable}!${rel.constraint}'`).join(', ');
  throw errors.ambiguousRelationship(origin, target, details,
    `Try changing '${target}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`);
}
