// Function calls for /rpc/<name>: named arguments from one JSON parameter read with
// json_to_record (typed by the function's own parameter types), then the result shaped as PostgREST
// does: void → nothing, scalar → a bare value, set of scalars → an array, composite → rows that
// select, filters, order and paging apply to.
import type { PlanNode } from './plan.ts';
import type { Routine } from './schema-cache.ts';
import { bodySql, countQuery, nodeQuery, type Shape } from './sql-read.ts';
import { ident, qualified, rangeSql, type SqlParams } from './sql-fragments.ts';

/** Named arguments as one JSON object (its text), or the whole body for a single json/jsonb parameter. */
export type RpcArgs = { kind: 'named'; names: string[]; json: string } | { kind: 'single'; body: string };

/** The FROM items that provide the arguments, and the call expression itself. */
function callSql(schema: string, routine: Routine, args: RpcArgs, p: SqlParams): { from: string; call: string } {
  const fn = qualified(schema, routine.name);
  if (args.kind === 'single') return { from: '', call: `${fn}(${p.add(args.body)}::${routine.params[0]!.type})` };
  const given = routine.params.filter((param) => args.names.includes(param.name));
  if (!given.length) return { from: '', call: `${fn}()` };
  const record = `json_to_record(${p.add(args.json)}::json) as pgrst_args(${given.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})`;
  const named = given.map((a) => `${a.variadic ? 'variadic ' : ''}${ident(a.name)} := pgrst_args.${ident(a.name)}`);
  return { from: record, call: `${fn}(${named.join(', ')})` };
}

const head = (total: string, pageTotal: string, body: string) => `select ${total}::int8 as total, ${pageTotal}::int8 as page_total, ${body} as body`;

export function rpcStatement(routine: Routine, args: RpcArgs, root: PlanNode, p: SqlParams, shape: Shape): string {
  const { from, call } = callSql(root.schema, routine, args, p);
  const fromArgs = from ? ` from ${from}` : '';
  if (routine.returns === 'void') return `${head('null', '1', 'null::text')} from (select ${call}${fromArgs}) pgrst_call`;

  if (routine.returns === 'scalar') {
    if (!routine.returnsSet) {
      return `${head('null', '1', shape.headOnly ? 'null::text' : `coalesce((json_agg(pgrst_row.pgrst_scalar)->0)::text, 'null')`)} from (select ${call} as pgrst_scalar${fromArgs}) pgrst_row`;
    }
    const source = `${from ? `${from}, lateral ` : ''}${call} as pgrst_scalar`;
    const body = shape.headOnly ? 'null::text' : `coalesce(json_agg(pgrst_row.pgrst_scalar), '[]')::text`;
    const total = shape.count && root.range ? `(select count(*) from ${source})` : 'null';
    return `${head(total, 'count(pgrst_row)', body)} from (select pgrst_scalar from ${source}${rangeSql(root, p)}) pgrst_row`;
  }

  const source = `${from ? `${from}, lateral ` : ''}${call} as ${ident(root.alias)}`;
  const page = nodeQuery(root, p, { source });
  const total = shape.count && root.range ? `(select count(*) from (${countQuery(root, p, source)}) pgrst_count)` : 'null';
  return `${head(total, 'count(pgrst_row)', bodySql(shape))} from (${page}) pgrst_row`;
}
