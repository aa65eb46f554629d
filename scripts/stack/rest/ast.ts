// What a PostgREST URL means once parsed, before any name is checked against the schema.

export interface JsonStep {
  arrow: '->' | '->>';
  /** A key, or an array index when `index` is true (digits with an optional minus sign). */
  key: string;
  index: boolean;
}

export interface Field {
  name: string;
  jsonPath: JsonStep[];
}

export type AggregateFunction = 'sum' | 'avg' | 'count' | 'max' | 'min';

export type SelectItem =
  | { kind: 'star' }
  /** `count()` is a column item on the field `*`; `col.sum()::cast` carries its aggregate and the result's cast. */
  | { kind: 'column'; field: Field; alias?: string; cast?: string; aggregate?: AggregateFunction; aggregateCast?: string }
  /** `spread`: `...rel(...)`, whose columns join the parent's. */
  | { kind: 'embed'; name: string; alias?: string; hint?: string; inner: boolean; spread?: boolean; children: SelectItem[] };

export type QuantOp = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch';
export type SimpleOp = 'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj';
export type FtsOp = 'fts' | 'plfts' | 'phfts' | 'wfts';
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'quant'; op: QuantOp; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'simple'; op: SimpleOp; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; op: FtsOp; language?: string; value: string };

export interface OpExpr {
  negate: boolean;
  operation: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'logic'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  /** Set for `rel(col)` terms, which order by a column of an embedded to-one resource. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Embed path: the chain of embed names (or aliases) from the root, `[]` for the root. */
export type EmbedPath = string[];

export interface Range {
  offset: number;
  /** Undefined: no limit. */
  limit?: number;
}

/** Everything the query string says, grouped by the embed level it applies to. */
export interface QueryParams {
  select: SelectItem[];
  filters: Array<{ path: EmbedPath; filter: Filter }>;
  logic: Array<{ path: EmbedPath; tree: LogicTree }>;
  order: Array<{ path: EmbedPath; terms: OrderTerm[] }>;
  ranges: Map<string, Range>;
  columns?: string[];
  onConflict?: string[];
  /** RPC called with GET/HEAD: the parameters that are function arguments, not filters. */
  rpcArgs: Array<[string, string]>;
}
