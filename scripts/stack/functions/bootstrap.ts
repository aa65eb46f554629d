// Runs inside Deno, before a function's index.ts: whatever address the function asks
// `Deno.serve` for (usually none, meaning 0.0.0.0:8000 as on the hosted edge runtime), it
// listens on a free loopback port and announces it on stdout for the Node side to proxy to.
// It also reports the memory the hosted runtime counts against the limit (limits.ts): the
// isolate's V8 heap in use plus its external memory (ArrayBuffers), on stdout lines of their own
// that the Node side takes out of the function's log: every `reportEveryMs` while the event loop
// runs, and as each request starts and as its handler returns.
// It counts, per request, the network round trips the function made (fetch calls, by the
// service they reached: the database through REST, auth, storage, functions, the commerce
// service, mail, other), and hands the count to the Node side in a response header of its own,
// which the relay takes out before the caller sees the answer (proxy.ts).
// It tags the function's calls to the stack's own API with the header and token of
// inner-calls.ts (the token is its second argument), so that the gateway does not refuse them
// when it refuses new work.
// Usage: deno run [permissions] bootstrap.ts <file URL of the function's index.ts> <inner-call token>
// Typed for both compilers: Node's tsc checks scripts/ without Deno's global types.
import { AsyncLocalStorage } from 'node:async_hooks';

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;
type ServeOptions = Record<string, unknown> & { handler?: Handler };
interface DenoRuntime {
  args: string[];
  serve(...args: unknown[]): unknown;
  exit(code: number): never;
  stdin: { readable: ReadableStream<Uint8Array> };
  stdout: { writeSync(bytes: Uint8Array): number };
  memoryUsage(): { heapUsed: number; external: number };
  unrefTimer(id: ReturnType<typeof setInterval>): void;
  env: { get(name: string): string | undefined };
}

/** The lines the Node side reads; keep in sync with worker.ts. */
const listeningMarker = '__edge_runtime_listening__';
const memoryMarker = '__edge_runtime_memory__';
/** The response header carrying the request's round trips; keep in sync with proxy.ts. */
const roundTripsHeader = 'x-edge-runtime-round-trips';
/** The header that marks a call to the stack's API as the function's own; keep in sync with inner-calls.ts. */
const innerCallHeader = 'x-edge-runtime-inner-call';
/** How often memory is reported while the event loop turns (hosted: every 1 s, and at each GC). */
const reportEveryMs = 50;
/** Smaller changes are not worth a line; the figure is still exact to within this. */
const reportStepBytes = 256 * 1024;

const deno = (globalThis as unknown as { Deno: DenoRuntime }).Deno;
const serve = deno.serve.bind(deno);
const encoder = new TextEncoder();
let lastReported = -Infinity;

/** Heap in use + external memory, the hosted measure; `always` even when it barely moved. */
function reportMemory(always = false): void {
  const { heapUsed, external } = deno.memoryUsage();
  const bytes = heapUsed + external;
  if (!always && Math.abs(bytes - lastReported) < reportStepBytes) return;
  lastReported = bytes;
  // One short write, atomic on a pipe: never cut by the function's output (after a line the
  // function left unfinished, the Node side finds the marker inside it).
  const line = encoder.encode(`${memoryMarker} ${bytes}\n`);
  for (let written = 0; written < line.length; ) written += deno.stdout.writeSync(line.subarray(written));
}

deno.unrefTimer(setInterval(reportMemory, reportEveryMs));

/** The services a function reaches, by the URL prefix the runtime's environment gives them. */
function servicePrefixes(): Array<[prefix: string, service: string]> {
  const api = deno.env.get('SUPABASE_URL')?.replace(/\/+$/, '');
  const at = (name: string) => deno.env.get(name)?.replace(/\/+$/, '');
  const apiServices: Array<[string, string]> = api
    ? [[`${api}/rest/v1`, 'database'], [`${api}/auth/v1`, 'auth'], [`${api}/storage/v1`, 'storage'], [`${api}/functions/v1`, 'functions']]
    : [];
  const outside = (
    [[at('COMMERCE_API_URL'), 'commerce'], [at('HOSTINGER_API_URL'), 'commerce'], [at('MAIL_API_URL'), 'mail'], [at('CAPTCHA_VERIFY_URL'), 'captcha']] as Array<[string | undefined, string]>
  ).filter((entry): entry is [string, string] => entry[0] !== undefined);
  return [...apiServices, ...outside];
}

const prefixes = servicePrefixes();
const serviceOf = (url: string) => prefixes.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`))?.[1] ?? 'other';
const stackServices = new Set(['database', 'auth', 'storage', 'functions']);
const innerCallToken = deno.args[1];

/** The call with the inner-call header when it goes to the stack's API. */
function tagged(input: string | URL | Request, init: RequestInit | undefined, service: string): [string | URL | Request, RequestInit | undefined] {
  if (!innerCallToken || !stackServices.has(service)) return [input, init];
  if (input instanceof Request) {
    const request = new Request(input, init);
    request.headers.set(innerCallHeader, innerCallToken);
    return [request, undefined];
  }
  // The init kept as it is (a streamed body stays a stream), with the header added.
  const headers = new Headers(init?.headers);
  headers.set(innerCallHeader, innerCallToken);
  return [input, { ...init, headers }];
}

/** The round trips of the request being handled, by service. */
const roundTrips = new AsyncLocalStorage<Record<string, number>>();
const originalFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const service = serviceOf(url);
  const counts = roundTrips.getStore();
  if (counts) counts[service] = (counts[service] ?? 0) + 1;
  return originalFetch(...tagged(input, init, service));
};

/** The answer with the request's round trips in the header the relay takes out. */
function withRoundTrips(response: Response, counts: Record<string, number>): Response {
  if (response.status === 101) return response;
  const headers = new Headers(response.headers);
  headers.set(roundTripsHeader, JSON.stringify(counts));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The function's handler, with the memory reported as each request starts and is answered. */
const measured = (handler: Handler): Handler => async (request, info) => {
  reportMemory(true);
  const counts: Record<string, number> = {};
  try {
    return withRoundTrips(await roundTrips.run(counts, () => handler(request, info)), counts);
  } finally {
    reportMemory(true);
  }
};

// Deno.serve(handler) | Deno.serve(options) | Deno.serve(options, handler)
deno.serve = (first: unknown, second?: unknown) => {
  const options: ServeOptions = typeof first === 'function' ? {} : { ...(first as ServeOptions) };
  const handler = (typeof first === 'function' ? first : (second ?? options.handler)) as Handler | undefined;
  return serve({
    ...options,
    handler: handler && measured(handler),
    hostname: '127.0.0.1',
    port: 0,
    onListen({ port }: { port: number }) {
      console.log(`${listeningMarker} ${port}`);
    },
  });
};

// The Node side holds our stdin open; end of input means it is gone, so leave no orphan behind.
(async () => {
  for await (const _chunk of deno.stdin.readable);
  deno.exit(0);
})();

const entry = deno.args[0];
if (!entry) throw new Error('bootstrap.ts needs the function entry URL as its first argument');
await import(entry);

// A module, so that top-level await is allowed.
export {};
