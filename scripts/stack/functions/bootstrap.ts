// Runs inside Deno, before a function's index.ts: whatever address the function asks
// `Deno.serve` for (usually none, meaning 0.0.0.0:8000 as on the hosted edge runtime), it
// listens on a free loopback port and announces it on stdout for the Node side to proxy to.
// Usage: deno run [permissions] bootstrap.ts <file URL of the function's index.ts>
// Typed for both compilers: Node's tsc checks scripts/ without Deno's global types.

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;
type ServeOptions = Record<string, unknown> & { handler?: Handler };
interface DenoRuntime {
  args: string[];
  serve(...args: unknown[]): unknown;
  exit(code: number): never;
  stdin: { readable: ReadableStream<Uint8Array> };
}

/** The line the Node side waits for; keep in sync with worker.ts. */
const listeningMarker = '__edge_runtime_listening__';

const deno = (globalThis as unknown as { Deno: DenoRuntime }).Deno;
const serve = deno.serve.bind(deno);

// Deno.serve(handler) | Deno.serve(options) | Deno.serve(options, handler)
deno.serve = (first: unknown, second?: unknown) => {
  const options: ServeOptions = typeof first === 'function' ? {} : { ...(first as ServeOptions) };
  const handler = (typeof first === 'function' ? first : (second ?? options.handler)) as Handler | undefined;
  return serve({
    ...options,
    handler,
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
