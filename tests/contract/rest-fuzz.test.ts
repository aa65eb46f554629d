// Grammar fuzz of /rest/v1: thousands of seeded random and hostile requests, as anon, as a
// customer and with broken tokens, against the RLS fixture. Every answer must be a success or a
// PostgREST-shaped error ({code, message, details, hint}; 4xx, or 300 for an ambiguous embed),
// never a 5xx, never a fragment of the SQL the builder generates, and never a row the caller may
// not read. Reproduce a failure with REST_FUZZ_SEED=<seed printed below>.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel } from './support/in-parallel.ts';
import { generateCases, type FuzzCase } from './support/rest-fuzz-cases.ts';
import { startRestStack, type RestStack } from './support/rest-stack.ts';

const seed = Number(process.env.REST_FUZZ_SEED ?? 20261122);
const caseCount = Number(process.env.REST_FUZZ_CASES ?? 3200);
const concurrency = 6;

/** Pieces of the generated SQL: none may reach a client unless the client sent it first. */
const sqlFragments = [
  'set_config(', 'json_agg(', 'json_populate_record', 'json_to_record', 'row_to_json(', 'json_strip_nulls(', 'pgrst_t', 'pgrst_e',
  'pgrst_source', 'pgrst_row', 'pgrst_args', 'pgrst_body', 'pgrst_scalar', 'pgrst_count', 'pgrst_call', '"public".', 'lateral (',
  'select null::int8', 'select 1 from', 'begin read only', 'statement_timeout', 'search_path', 'request.jwt.claims',
];

let stack: RestStack;
let bobSnapshot: string;

async function bobRows(): Promise<string> {
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select json_build_object(
         'customer', (select row_to_json(c) from public.rest_customers c where c.user_id = $1),
         'orders', (select json_agg(o order by o.id) from public.rest_orders o where o.user_id = $1),
         'items', (select json_agg(i order by i.id) from public.rest_order_items i join public.rest_orders o on o.id = i.order_id where o.user_id = $1),
         'loyalty', (select json_agg(l) from public.rest_loyalty l where l.customer_id = $2),
         'hidden', (select json_agg(p) from public.rest_products p where not p.active))::text as snapshot`,
      [stack.fixture.bob.userId, stack.fixture.bob.customerId],
    );
    return rows[0].snapshot as string;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  stack = await startRestStack();
  bobSnapshot = await bobRows();
});

afterAll(async () => {
  await stack?.stop();
});

interface Answer {
  status: number;
  text: string;
}

async function send(fuzz: FuzzCase, tokens: Record<FuzzCase['as'], string | undefined>): Promise<Answer> {
  const headers: Record<string, string> = { apikey: stack.anonKey, ...fuzz.headers };
  const token = tokens[fuzz.as];
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${stack.url}/rest/v1${fuzz.path}${fuzz.query ? `?${fuzz.query}` : ''}`, {
    method: fuzz.method,
    headers,
    ...(fuzz.body !== undefined && { body: fuzz.body }),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, text: await response.text() };
}

/** What is wrong with an answer, or undefined. */
function problemWith(fuzz: FuzzCase, answer: Answer): string | undefined {
  if (answer.status >= 500) return `status ${answer.status}`;
  const sent = `${fuzz.path}?${fuzz.query} ${JSON.stringify(fuzz.headers)} ${fuzz.body ?? ''}`;
  let sentDecoded = sent;
  try {
    sentDecoded = decodeURIComponent(sent);
  } catch {
    // Malformed escapes: compare with the raw text only.
  }
  // A fragment the request itself carried (a function named set_config, say) may come back in a message.
  const carried = (f: string) => [sent, sentDecoded].some((text) => text.includes(f.replace(/[\s(.]+$/, '')));
  const leaked = sqlFragments.find((f) => answer.text.includes(f) && !carried(f));
  if (leaked) return `generated SQL leaked: ${leaked}`;
  const forbidden = fuzz.as === 'alice' ? [stack.fixture.bobMarker] : [stack.fixture.bobMarker, stack.fixture.aliceMarker];
  if (forbidden.some((marker) => answer.text.includes(marker))) return 'a row the caller may not read was returned';
  if (answer.status < 300) return undefined;
  if (answer.status !== 300 && (answer.status < 400 || answer.status >= 500)) return `unexpected status ${answer.status}`;
  if (fuzz.method === 'HEAD') return answer.text === '' ? undefined : 'HEAD error with a body';
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.text) as Record<string, unknown>;
  } catch {
    return 'error body is not JSON';
  }
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,details,hint,message') return `error keys ${keys}`;
  if (typeof body.code !== 'string' || typeof body.message !== 'string') return 'code or message is not a string';
  if (!(body.hint === null || typeof body.hint === 'string')) return 'hint is neither null nor a string';
  if (answer.status === 300 && body.code !== 'PGRST201') return `300 with ${body.code}`;
  if (body.code === '42601' && !String(body.message).startsWith('syntax error in tsquery')) return `SQL syntax error: ${body.message}`;
  return undefined;
}

describe('REST grammar fuzz', () => {
  it(`answers ${caseCount} random and hostile requests (seed ${seed}) with successes or PostgREST-shaped errors`, async () => {
    const cases = generateCases(seed, caseCount, {
      aliceUserId: stack.fixture.alice.userId,
      aliceCustomerId: stack.fixture.alice.customerId,
      bobUserId: stack.fixture.bob.userId,
      bobCustomerId: stack.fixture.bob.customerId,
    });
    const tokens = {
      anon: undefined,
      alice: stack.tokenFor(stack.fixture.alice.userId),
      'broken-token': `${stack.tokenFor(stack.fixture.alice.userId).slice(0, -3)}abc`,
    };
    const failures: Array<{ index: number; problem: string; fuzz: FuzzCase; status: number; answer: string }> = [];
    const byOutcome = new Map<string, number>();
    const calmSuccesses = { total: 0, ok: 0 };
    const started = Date.now();
    await inParallel(cases, concurrency, async (fuzz, index) => {
      let answer: Answer;
      try {
        answer = await send(fuzz, tokens);
      } catch (error) {
        failures.push({ index, problem: `request failed: ${(error as Error).message}`, fuzz, status: 0, answer: '' });
        return;
      }
      const problem = problemWith(fuzz, answer);
      if (fuzz.calm) {
        calmSuccesses.total++;
        if (answer.status < 300) calmSuccesses.ok++;
      }
      if (problem) failures.push({ index, problem, fuzz, status: answer.status, answer: answer.text.slice(0, 300) });
      let code = '';
      if (answer.status >= 300 && answer.text) {
        try {
          code = ` ${(JSON.parse(answer.text) as { code?: string }).code}`;
        } catch {
          code = ' (not JSON)';
        }
      }
      const key = `${answer.status}${code}`;
      byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1);
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const outcomes = [...byOutcome].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k}: ${n}`).join(', ');
    console.log(`[rest-fuzz] seed ${seed}: ${cases.length} requests in ${seconds} s; calm ${calmSuccesses.ok}/${calmSuccesses.total} succeeded; ${outcomes}`);
    if (failures.length) console.log(`[rest-fuzz] first failures:\n${JSON.stringify(failures.slice(0, 5), null, 2)}`);
    expect(failures.slice(0, 5)).toEqual([]);
    // A fuzz that only ever hits parse errors proves little: the calm half must mostly get through
    // (the rest meet RLS, grants and type errors, as they should).
    expect(calmSuccesses.ok).toBeGreaterThan(calmSuccesses.total / 4);
  }, 180_000);

  it("left the other customer's rows exactly as they were", async () => {
    expect(await bobRows()).toBe(bobSnapshot);
  });
});
