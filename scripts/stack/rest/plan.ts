// Resolves a parsed request against the schema cache: every column, embed, filter, order and cast
// is checked here, so the SQL builder only ever sees names that exist. Embeds follow foreign keys
// (relationships.ts) and each level gets its own internal alias.
import type { AggregateFunction, Field, Filter, LogicTree, OrderTerm, QueryParams, Range, SelectItem } from './ast.ts';
import { errors, RestError } from './errors.ts';
import { pathKey } from './query-params.ts';
import { findRelationship, isToOne, type Relationship } from './relationships.ts';
import type { Column, SchemaCache } from './schema-cache.ts';

export type PlanSelect =
  | { kind: 'star' }
  /** `column` is `*` for `count()`; `cast` applies before the aggregate, `aggregateCast` after. */
  | { kind: 'column'; column: string; jsonPath: Field['jsonPath']; cast?: string; key: string; aggregate?: AggregateFunction; aggregateCast?: string };

export interface PlanEmbed {
  key: string;
  rel: Relationship;
  inner: boolean;
  toOne: boolean;
  /** `rel()`: selects nothing, so it only filters (with !inner or a null test) and is left out of the answer. */
  empty: boolean;
  /** `...rel(...)`: its columns are the parent's (arrays of them for a to-many embed). */
  spread: boolean;
  /** Alias of the lateral join that carries this embed's JSON. */
  joinAlias: string;
  node: PlanNode;
}

export interface PlanNode {
  /** The exposed schema the request is for. */
  schema: string;
  /** The relation (a table or view); for an RPC root, the function's name. */
  relation: string;
  /** The table or view whose relationships and computed fields apply (an RPC's result table). */
  origin: string;
  columns: Map<string, Column>;
  /** Computed fields: functions taking the origin's row, used like columns. */
  computed: Set<string>;
  alias: string;
  select: PlanSelect[];
  embeds: PlanEmbed[];
  filters: Filter[];
  nullEmbedFilters: Array<{ embed: PlanEmbed; isNull: boolean }>;
  logic: LogicTree[];
  order: OrderTerm[];
  range?: Range;
}

const castAliases: Record<string, string> = {
  int: 'int4', integer: 'int4', smallint: 'int2', bigint: 'int8', real: 'float4', float: 'float8',
  'double precision': 'float8', boolean: 'bool', decimal: 'numeric', 'character varying': 'varchar',
  character: 'bpchar', char: 'bpchar', 'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp', 'time with time zone': 'timetz', 'time without time zone': 'time',
};

/** A `::cast` as a quoted, schema-qualified type name from the cache. */
export function resolveCast(cache: SchemaCache, cast: string): string {
  const lower = cast.toLowerCase();
  const name = Object.hasOwn(castAliases, lower) ? castAliases[lower]! : cast;
  const schema = cache.types.get(name);
  if (!schema) throw errors.noType(cast);
  return `"${schema}"."${name}"`;
}

function checkColumn(node: PlanNode, name: string): void {
  if (!node.columns.has(name) && !node.computed.has(name)) throw errors.noColumn(node.relation, name);
}

const computedByCache = new WeakMap<SchemaCache, Map<string, Set<string>>>();

/** Functions of one parameter of `relation`'s row type: `tbl.fn` calls them, as Postgres reads it. */
function computedFields(cache: SchemaCache, relation: string): Set<string> {
  let byRelation = computedByCache.get(cache);
  if (!byRelation) {
    computedByCache.set(cache, (byRelation = new Map()));
    for (const [name, routines] of cache.routines) {
      for (const r of routines) {
        const of = r.params.length === 1 && !r.returnsSet ? r.params[0]!.relation : undefined;
        if (of) byRelation.set(of, (byRelation.get(of) ?? new Set()).add(name));
      }
    }
  }
  return byRelation.get(relation) ?? new Set();
}

function checkLogic(node: PlanNode, tree: LogicTree): void {
  if (tree.kind === 'filter') checkColumn(node, tree.filter.field.name);
  else for (const child of tree.children) checkLogic(node, child);
}

export interface PlanContext {
  cache: SchemaCache;
  /** db-aggregates-enabled: otherwise an aggregate is PGRST123. */
  aggregatesEnabled: boolean;
  nextAlias: () => number;
}

/** `rel()`, and an embed whose own embeds are all empty too, as PostgREST's hasOnlyNullEmbed. */
function isEmptyEmbed(children: SelectItem[]): boolean {
  return children.every((child) => child.kind === 'embed' && isEmptyEmbed(child.children));
}

export function buildNode(
  ctx: PlanContext,
  relation: string,
  columns: Map<string, Column>,
  select: SelectItem[],
  depth = 0,
  origin = relation,
): PlanNode {
  const node: PlanNode = {
    schema: ctx.cache.schema,
    relation,
    origin,
    columns,
    computed: computedFields(ctx.cache, origin),
    alias: `pgrst_t${ctx.nextAlias()}`,
    select: [],
    embeds: [],
    filters: [],
    nullEmbedFilters: [],
    logic: [],
    order: [],
  };
  const joinNames = new Set<string>();
  for (const item of select) {
    if (item.kind === 'star') node.select.push(item);
    else if (item.kind === 'column') {
      if (item.aggregate && !ctx.aggregatesEnabled) throw errors.aggregatesNotAllowed();
      if (item.field.name !== '*' || !item.aggregate) checkColumn(node, item.field.name);
      const lastKey = item.field.jsonPath.at(-1)?.key;
      node.select.push({
        kind: 'column',
        column: item.field.name,
        jsonPath: item.field.jsonPath,
        // Postgres names an aggregate's column after its function, as PostgREST leaves it.
        key: item.alias ?? item.aggregate ?? lastKey ?? item.field.name,
        ...(item.cast && { cast: resolveCast(ctx.cache, item.cast) }),
        ...(item.aggregate && { aggregate: item.aggregate }),
        ...(item.aggregateCast && { aggregateCast: resolveCast(ctx.cache, item.aggregateCast) }),
      });
    } else {
      const rel = findRelationship(ctx.cache, origin, item.name, item.hint);
      const target = ctx.cache.tables.get(rel.foreignTable)!;
      // PostgREST names each embed's join `<table>_<alias or name>_<depth>`: the same name twice
      // at one level is Postgres's 42712, which it passes on.
      const joinName = `${origin}_${item.alias ?? item.name}_${depth + 1}`;
      if (joinNames.has(joinName)) throw new RestError(400, '42712', `table name "${joinName}" specified more than once`);
      joinNames.add(joinName);
      const empty = isEmptyEmbed(item.children);
      node.embeds.push({
        key: item.alias ?? item.name,
        rel,
        inner: item.inner,
        toOne: isToOne(rel),
        empty,
        spread: item.spread === true,
        joinAlias: `pgrst_e${ctx.nextAlias()}`,
        node: buildNode(ctx, rel.foreignTable, target.columns, item.children.length ? item.children : [{ kind: 'star' }], depth + 1),
      });
    }
  }
  return node;
}

/** The node an embed path (`['order_items']`) names, or PGRST108. */
function nodeAt(root: PlanNode, path: string[]): PlanNode {
  let node = root;
  for (const key of path) {
    const embed = node.embeds.find((e) => e.key === key);
    if (!embed) throw errors.notEmbedded(key);
    node = embed.node;
  }
  return node;
}

/** Adds the query string's filters, or/and trees, orders and ranges to the levels they name. */
export function applyParams(root: PlanNode, params: QueryParams): void {
  for (const { path, filter } of params.filters) {
    const node = nodeAt(root, path);
    const embed = filter.field.jsonPath.length === 0 ? node.embeds.find((e) => e.key === filter.field.name) : undefined;
    if (embed && !node.columns.has(filter.field.name)) {
      const op = filter.expr.operation;
      if (op.kind !== 'is' || (op.value !== 'null' && op.value !== 'not_null')) {
        throw new RestError(400, 'PGRST120', `Bad operator on the '${embed.key}' embedded resource`,
          'Only is null or not is null filters are allowed on embedded resources');
      }
      node.nullEmbedFilters.push({ embed, isNull: (op.value === 'null') !== filter.expr.negate });
      continue;
    }
    checkColumn(node, filter.field.name);
    node.filters.push(filter);
  }
  for (const { path, tree } of params.logic) {
    const node = nodeAt(root, path);
    checkLogic(node, tree);
    node.logic.push(tree);
  }
  for (const { path, terms } of params.order) {
    const node = nodeAt(root, path);
    for (const term of terms) {
      if (term.relation === undefined) {
        checkColumn(node, term.field.name);
        continue;
      }
      const embed = node.embeds.find((e) => e.key === term.relation);
      if (!embed) throw errors.notEmbedded(term.relation);
      if (!embed.toOne) throw errors.relatedOrderNotToOne(node.relation, embed.key);
      const selected = embed.node.select.some((s) => s.kind === 'star' || (s.kind === 'column' && s.key === term.field.name));
      if (!selected) throw errors.noColumn(embed.key, term.field.name);
    }
    node.order = terms;
  }
  for (const [key, range] of params.ranges) {
    const path = JSON.parse(key) as string[];
    if (path.length === 0) continue;
    nodeAt(root, path).range = range;
  }
  const rootRange = params.ranges.get(pathKey([]));
  if (rootRange) root.range = rootRange;
}
