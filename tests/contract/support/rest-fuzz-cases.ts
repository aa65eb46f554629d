// Seeded generator of PostgREST requests for the fuzz test. Half the cases are "calm": within the
// grammar and the fixture's schema, with values of the right types, so they reach the database and
// RLS. The other half are "wild": SQL-injection payloads in names and values, unbalanced
// parentheses, huge and unicode values, null bytes, repeated parameters, odd headers and broken
// bodies. The same seed always yields the same cases, so a failure reproduces.

export interface FuzzCase {
  method: string;
  /** Path under /rest/v1, already encoded. */
  path: string;
  /** Query string without `?`, already encoded. */
  query: string;
  headers: Record<string, string>;
  body?: string;
  as: 'anon' | 'alice' | 'broken-token';
  calm: boolean;
}

export interface FuzzIds {
  aliceUserId: string;
  aliceCustomerId: string;
  bobUserId: string;
  bobCustomerId: string;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'int' | 'uuid' | 'text' | 'array' | 'json' | 'range' | 'tsv' | 'bool' | 'date';
const schema: Record<string, Record<string, Kind>> = {
  rest_products: { id: 'int', title: 'text', description: 'text', price_cents: 'int', tags: 'array', attributes: 'json', sizes: 'range', search: 'tsv', active: 'bool', released_on: 'date' },
  rest_orders: { id: 'int', customer_id: 'uuid', user_id: 'uuid', reference: 'text', status: 'text', total_cents: 'int', note: 'text', created_at: 'date', marker: 'text' },
  rest_order_items: { id: 'int', order_id: 'int', product_id: 'int', quantity: 'int', price_cents: 'int', marker: 'text' },
  rest_customers: { id: 'uuid', user_id: 'uuid', name: 'text', email: 'text', marker: 'text' },
  rest_loyalty: { customer_id: 'uuid', points: 'int' },
  rest_gifts: { id: 'int', giver_id: 'uuid', receiver_id: 'uuid', message: 'text' },
  rest_messages: { id: 'int', body: 'text' },
};
const tables = Object.keys(schema);
/** Embeds that resolve from each table (foreign keys, with a hint where two exist). */
const embeds: Record<string, string[]> = {
  rest_products: ['rest_order_items'],
  rest_orders: ['rest_order_items', 'rest_customers', 'customer:rest_customers!inner'],
  rest_order_items: ['rest_orders', 'rest_products', 'order:rest_orders!inner'],
  rest_customers: ['rest_orders', 'rest_loyalty', 'rest_gifts!giver_id', 'rest_gifts!rest_gifts_receiver_id_fkey'],
  rest_loyalty: ['rest_customers'],
  rest_gifts: ['giver:rest_customers!giver_id', 'rest_customers!receiver_id'],
  rest_messages: [],
};
const calmOps: Record<Kind, string[]> = {
  int: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'not.in', 'is', 'isdistinct'],
  uuid: ['eq', 'neq', 'in', 'is', 'not.eq'],
  text: ['eq', 'neq', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'like(any)', 'not.ilike'],
  array: ['cs', 'cd', 'ov', 'not.cs'],
  json: ['cs', 'cd'],
  range: ['ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'cs'],
  tsv: ['fts', 'plfts', 'wfts', 'fts(english)', 'phfts(english)'],
  bool: ['is', 'eq', 'neq'],
  date: ['gt', 'lt', 'eq', 'is', 'gte'],
};
const rpcCalls: Array<[string, Record<string, string>]> = [
  ['rest_add', { a: '2', b: '40' }], ['rest_series', { n: '5' }], ['rest_orders_above', { min_total: '100' }], ['rest_orders_above', {}],
  ['rest_whoami', {}], ['rest_order_totals', {}], ['rest_first_order', {}], ['rest_set_note', { order_reference: 'A-1', new_note: 'fuzz' }],
  ['rest_fail', { message: 'non' }],
];
const hostileNames = [
  'rest_orders;drop table rest_orders', '"rest_orders"', 'rest_orders"--', 'pg_authid', 'auth.users', 'pg_catalog.pg_roles',
  "Robert'); DROP TABLE students;--", 'ｒｅｓｔ＿ｏｒｄｅｒｓ', '🙂', ' ', '*', '$1', 'pgrst_source', 'information_schema.tables',
  'rest_orders)', 'rest_orders(', 'x'.repeat(300), 'REST_ORDERS', 'rest_orders\u0000', 'rest orders', 'rest_orders.id', 'set_config',
];
const hostileValues = [
  "'", "''", "' or '1'='1", '1; drop table rest_orders; --', '1) or (1=1', "') union select rolpassword from pg_authid --", '$1',
  '\\', '\\\\"', '"', '\u202Eevil', 'a\u0000b', '\u0000', '%', '*', '**', '_%', '{', '((', ')', ',', '1e400', '99999999999999999999',
  'NaN', 'infinity', '!', 'a:*', '^(a+)+$', '[[:alpha:]]', '\ud83d', '🙂🙃', 'é', '{"a":', '[1,', 'null', '(1,2', '{a,"b}',
];
const wildOps = ['between', '', 'eq.eq', 'IS', 'not.not.eq', 'fts(en glish)', 'in(', 'like(some)', 'cs', 'sl', 'match', 'is', 'in', 'eq', 'ilike(all)'];
const wildSelect = ['(', ')', ',', '...rest_customers(*)', 'count()', 'id.sum()', 'a::', ':x', '"unterminated', '!inner', '*,*', 'id::text);drop',
  'rest_customers!nope(*)', 'nope(*)', 'id->>', 'id::pg_authid', 'id::constructor', 'id::__proto__', 'constructor(*)', '"a\u0000b":id'];
const preferences = ['return=representation', 'return=minimal', 'return=headers-only', 'count=exact', 'count=planned', 'count=estimated',
  'resolution=merge-duplicates', 'resolution=ignore-duplicates', 'missing=default', 'missing=null'];
const wildPreferences = ['handling=strict', 'handling=lenient', 'tx=rollback', 'max-affected=1', 'max-affected=-1', 'timezone=Europe/Paris',
  'params=single-object', 'garbage', 'count=exact;x', '', 'constructor=x', '__proto__=count', 'toString'];
const accepts = ['application/json', '*/*', 'application/vnd.pgrst.array+json;nulls=stripped', 'application/json, */*', 'application/vnd.pgrst.object+json'];
const wildAccepts = ['text/csv', 'text/html', 'garbage/(', 'application/geo+json', 'application/vnd.pgrst.object+json;nulls=stripped', ''];
const wildRanges = ['0-1', '1-', '5-1', '0-99999999999999999999', 'abc', '-5', '0-0', 'items=0-2', '0-1,3-4'];
const wildProfiles = ['public', 'auth', 'private', 'pg_catalog', '"public"', 'PUBLIC', 'public,auth'];
const wildContentTypes = ['text/plain', 'application/x-www-form-urlencoded', 'application/json-patch+json', 'application/json; charset=utf-8'];

export function generateCases(seed: number, count: number, ids: FuzzIds): FuzzCase[] {
  const next = random(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const chance = (p: number) => next() < p;
  const some = <T>(max: number, make: () => T) => Array.from({ length: 1 + int(max) }, make);

  const calmValue: Record<Kind, () => string> = {
    int: () => pick(['1', '2', '3', '900', '1500', '2400']),
    uuid: () => pick([ids.aliceUserId, ids.aliceCustomerId, ids.bobUserId, ids.bobCustomerId]),
    text: () => pick(['paid', 'pending', 'shipped', 'Alice', 'Bob', 'Livre*', '*e*', '^A', 'Pour toi', 'é']),
    array: () => pick(['{pdf}', '{audio,video}', '{}', '{livre,pdf}']),
    json: () => pick(['{"format":"pdf"}', '{}', '{"pages":120}']),
    range: () => pick(['[1,2)', '[3,6)', '[10,12)', 'empty']),
    tsv: () => pick(['prayer', 'meditation & evening', 'light', '"evening meditation"']),
    bool: () => pick(['true', 'false']),
    date: () => pick(['2025-01-10', '2024-12-31', '2030-01-01']),
  };
  const wildValue = () => (chance(0.1) ? 'x'.repeat(1 + int(4000)) : pick(hostileValues));

  function calmFilter(table: string): [string, string] {
    const [column, kind] = pick(Object.entries(schema[table]!));
    const op = pick(calmOps[kind]);
    if (op.endsWith('in')) return [column, `${op}.(${some(3, calmValue[kind]).map((v) => (/[,()]/.test(v) ? `"${v}"` : v)).join(',')})`];
    if (op === 'is') return [column, `is.${kind === 'bool' ? pick(['true', 'false', 'null']) : pick(['null', 'not_null'])}`];
    return [column, `${op}.${calmValue[kind]()}`];
  }

  function wildFilterValue(): string {
    const op = pick(wildOps);
    if (op.endsWith('in') || op.startsWith('in')) return `${op}.${chance(0.5) ? `(${some(5, wildValue).join(',')})` : `(${wildValue()}`}`;
    return op ? `${op}.${wildValue()}` : wildValue();
  }

  const column = (table: string, calm: boolean) => (calm || chance(0.7) ? pick(Object.keys(schema[table] ?? schema.rest_orders!)) : pick(hostileNames));

  function logic(table: string, calm: boolean, depth: number): string {
    const parts = some(3, () => {
      if (depth < 3 && chance(0.3)) return `${pick(['', 'not.'])}${pick(['and', 'or'])}${logic(table, calm, depth + 1)}`;
      if (calm) {
        const [c, f] = calmFilter(table);
        return `${c}.${f.replace(/^(like|ilike|match|imatch)\.(.*)$/, (_, o: string, v: string) => `${o}.${v.replace(/[,()]/g, '')}`)}`;
      }
      return `${column(table, false)}.${wildFilterValue()}`;
    }).join(',');
    return calm || chance(0.9) ? `(${parts})` : pick([`(${parts}`, `${parts})`, `((${parts})`, '()', parts]);
  }

  function select(table: string, calm: boolean, depth: number): string {
    return some(4, () => {
      const roll = next();
      if (roll < 0.2) return '*';
      if (roll < 0.6 || depth >= 2 || !embeds[table]?.length) {
        if (!calm && chance(0.3)) return pick(wildSelect);
        const col = column(table, calm);
        const path = schema[table]?.[col] === 'json' && chance(0.5) ? pick(['->>format', '->pages', '->0']) : '';
        return `${chance(0.2) ? 'label:' : ''}${col}${path}${chance(0.1) ? `::${pick(['text', 'int', 'jsonb', 'bigint'])}` : ''}`;
      }
      const embed = pick(embeds[table]!);
      const target = embed.replace(/^.*:/, '').replace(/!.*$/, '');
      return `${embed}(${select(target, calm, depth + 1)})`;
    }).join(',');
  }

  function order(table: string, calm: boolean): string {
    return some(2, () => `${column(table, calm)}${pick(calm ? ['', '.asc', '.desc', '.desc.nullslast', '.asc.nullsfirst'] : ['.sideways', '.', '.desc.', '..asc', '.nullslast.desc'])}`).join(',');
  }

  /** Mostly percent-encoded; sometimes with PostgREST's punctuation left raw, as browsers send it. */
  function encode(text: string): string {
    const wellFormed = text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
    if (chance(0.7)) return encodeURIComponent(wellFormed);
    return wellFormed.replace(/[^A-Za-z0-9\-._~!$'()*,;:@/{}[\]|^`"<>]/gu, (c) => encodeURIComponent(c));
  }

  function queryString(table: string, calm: boolean): string {
    const params: Array<[string, string]> = [];
    for (let i = int(5); i > 0; i--) {
      const roll = next();
      const child = embeds[table]?.length && chance(0.2) ? `${pick(embeds[table]!).replace(/^.*:/, '').replace(/!.*$/, '')}.` : '';
      if (roll < 0.25) params.push(['select', select(table, calm, 0)]);
      else if (roll < 0.55) params.push(calm ? calmFilter(table) : [`${child}${column(table, false)}`, wildFilterValue()]);
      else if (roll < 0.65) params.push([`${calm ? '' : child}${pick(['or', 'and', 'not.or', 'not.and'])}`, logic(table, calm, 0)]);
      else if (roll < 0.75) params.push(['order', order(table, calm)]);
      else if (roll < 0.87) params.push([`${calm ? '' : child}${pick(['limit', 'offset'])}`, calm ? pick(['0', '1', '2', '10']) : pick(['-1', 'abc', '99999999999999999999', '1.5', ''])]);
      else if (!calm) params.push([pick(['columns', 'on_conflict', 'select', 'a']), some(3, () => `"${column(table, false)}"`).join(',')]);
    }
    if (!calm && chance(0.15) && params.length) params.push(params[int(params.length)]!);
    return params.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  }

  function jsonValue(kind: Kind | undefined, calm: boolean, depth = 0): unknown {
    if (calm && kind) return kind === 'int' ? Number(calmValue.int()) : kind === 'bool' ? chance(0.5) : kind === 'json' ? { format: 'pdf' } : kind === 'array' ? ['pdf'] : calmValue[kind]();
    const roll = next();
    if (roll < 0.35) return wildValue();
    if (roll < 0.5) return pick([0, -1, 1.5, 2400, 1e308, 2 ** 53 + 1]);
    if (roll < 0.6) return pick([null, true, false]);
    if (depth < 3 && roll < 0.8) return some(3, () => jsonValue(undefined, false, depth + 1));
    if (depth < 3) return Object.fromEntries(some(3, () => [pick(['format', 'a', "k'", '']), jsonValue(undefined, false, depth + 1)]));
    return wildValue();
  }

  function row(table: string, calm: boolean): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const columns = schema[table] ?? {};
    for (let i = int(4); i > 0; i--) {
      const name = calm || chance(0.85) ? pick(Object.keys(columns).filter((c) => c !== 'id' && c !== 'search')) : pick(['__proto__', 'constructor', "x'; drop", '', 'id', 'search']);
      if (name !== undefined) out[name] = jsonValue(columns[name], calm);
    }
    if (table === 'rest_orders' && (calm || chance(0.5))) {
      Object.assign(out, { customer_id: ids.aliceCustomerId, user_id: chance(0.85) ? ids.aliceUserId : ids.bobUserId, reference: `fz-${int(1e9)}` });
    }
    if (table === 'rest_messages' && calm) out.body = pick(['bonjour', 'é'.repeat(300), '']);
    return out;
  }

  function body(table: string, calm: boolean): string | undefined {
    if (calm) return JSON.stringify(chance(0.8) ? row(table, true) : some(3, () => row(table, true)));
    const roll = next();
    if (roll < 0.35) return JSON.stringify(row(table, false));
    if (roll < 0.55) return JSON.stringify(some(3, () => row(table, false)));
    if (roll < 0.65) return JSON.stringify(jsonValue(undefined, false));
    if (roll < 0.78) return pick(['{', '{"a":', 'nul', '[1,2', '"\\u0000"', '{"a":"\\ud800"}', '{"a":1e999999}', '', ' ', '[]', '{}', '\u0000', '[{}, 1]']);
    if (roll < 0.86) return `${'['.repeat(600 + int(400))}1${']'.repeat(600)}`;
    if (roll < 0.93) return JSON.stringify({ [pick(Object.keys(schema[table] ?? { x: 1 }))]: 'é'.repeat(20_000 + int(30_000)) });
    return undefined;
  }

  function calmCase(): FuzzCase {
    const headers: Record<string, string> = {};
    const as = chance(0.5) ? 'alice' : 'anon';
    if (chance(0.25)) headers.Accept = pick(accepts);
    if (chance(0.4)) headers.Prefer = some(2, () => pick(preferences)).join(', ');
    if (chance(0.2)) headers.Range = pick(['0-1', '1-2', '0-', '2-']);
    if (chance(0.2)) {
      const [fn, args] = pick(rpcCalls);
      const method = pick(['GET', 'POST', 'POST', 'HEAD']);
      if (method === 'POST') {
        headers['Content-Type'] = 'application/json';
        return { method, path: `/rpc/${fn}`, query: pick(['', 'limit=2', 'offset=1&limit=1']), headers, body: JSON.stringify(args), as, calm: true };
      }
      return { method, path: `/rpc/${fn}`, query: Object.entries(args).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'), headers, as, calm: true };
    }
    const table = pick(tables);
    const method = pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);
    if (method === 'POST' || method === 'PATCH') headers['Content-Type'] = 'application/json';
    const payload = method === 'POST' || method === 'PATCH' ? body(table, true) : undefined;
    return { method, path: `/${table}`, query: queryString(table, true), headers, ...(payload !== undefined && { body: payload }), as, calm: true };
  }

  function wildCase(): FuzzCase {
    const rpc = chance(0.2);
    const table = chance(0.85) ? pick(tables) : pick(hostileNames);
    const name = rpc ? pick([...rpcCalls.map(([fn]) => fn), ...hostileNames, 'pg_sleep', 'rest_echo']) : table;
    const path = chance(0.07) ? pick(['/', '/a/b/c', '/rpc', '/rpc/a/b', `/${encode(name)}/x`]) : `${rpc ? '/rpc' : ''}/${encode(name)}`;
    const method = pick(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT']);
    const headers: Record<string, string> = {};
    if (chance(0.5)) headers.Prefer = some(3, () => pick([...preferences, ...wildPreferences])).join(pick([', ', ',']));
    if (chance(0.2)) headers.Range = pick(wildRanges);
    if (chance(0.3)) headers.Accept = pick([...accepts, ...wildAccepts]);
    if (chance(0.2)) headers[method === 'GET' || method === 'HEAD' ? 'Accept-Profile' : 'Content-Profile'] = pick(wildProfiles);
    const payload = method === 'POST' || method === 'PATCH' || (method === 'DELETE' && chance(0.2)) ? body(table, false) : undefined;
    if (payload !== undefined) headers['Content-Type'] = chance(0.2) ? pick(wildContentTypes) : 'application/json';
    const as = chance(0.15) ? 'broken-token' : chance(0.5) ? 'alice' : 'anon';
    return { method, path, query: queryString(table, false), headers, ...(payload !== undefined && { body: payload }), as, calm: false };
  }

  return Array.from({ length: count }, () => (chance(0.5) ? calmCase() : wildCase()));
}
