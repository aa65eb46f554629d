// Runs inside Deno, before a function's index.ts: whatever address the function asks
// `Deno.serve` for (usually none, meaning 0.0.0.0:8000 as on the hosted edge runtime), it
// listens on a free loopback port and announces it on stdout for the Node side to proxy to.
// It also reports the memory the hosted runtime counts against the limit (limits.ts): the
// isolate's V8 heap in use plus its external memory (ArrayBuffers), on stdout lines of their own
// that the Node side takes out of the function's log: every `reportEveryMs` while the event loop
// runs, and as each request starts and as its handler returns.
// Usage: deno run [permissions] bootstrap.ts <file URL of the function's index.ts>
// Typed for both compilers: Node's tsc checks scripts/ without Deno's global types.

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
}

/** The lines the Node side reads; keep in sync with worker.ts. */
const listeningMarker = '__edge_runtime_listening__';
const memoryMarker = '__edge_runtime_memory__';
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

/** The function's handler, with the memory reported as each request starts and is answered. */
const measured = (handler: Handler): Handler => async (request, info) => {
  reportMemory(true);
  try {
    return await handler(request, info);
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
