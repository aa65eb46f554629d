// The static host's build hook, played locally: what Cloudflare Pages' deploy hooks, Netlify's build
// hooks and Vercel's deploy hooks are, a secret URL that takes a POST with no body, answers at once
// that a build is queued, and builds. Here the build is given (a journey's site: the pre-rendering
// into its built folder, `npm run prerender`). Builds run one at a time; the calls that come during
// one make a single build after it, as the hosts skip builds queued behind another. The database's
// rebuild-pages job calls it from Vault's `pages_build_hook_url` (docs/crawlers.md).
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PagesBuildHook {
  /** The secret URL, e.g. http://127.0.0.1:40123/build_hooks/<32 hex digits>. */
  url: string;
  /** 'called' at each accepted POST, with its body; 'built' when a build ends, with its error if it failed. */
  events: EventEmitter<HookEvents>;
  stop(): Promise<void>;
}

type HookEvents = { called: [body: string]; built: [error: Error | undefined] };

export async function startPagesBuildHook(build: () => Promise<void>): Promise<PagesBuildHook> {
  const path = `/build_hooks/${randomBytes(16).toString('hex')}`;
  const events = new EventEmitter<HookEvents>();
  let building: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function startBuild(): void {
    if (stopped) return;
    if (building) {
      again = true;
      return;
    }
    building = build()
      .then(
        () => void events.emit('built', undefined),
        (error: Error) => {
          // As a host's failed build: the caller was answered already; the next call builds again.
          console.error(`pages build hook: the build failed: ${error.message}`);
          void events.emit('built', error);
        },
      )
      .finally(() => {
        building = undefined;
        if (again) {
          again = false;
          startBuild();
        }
      });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url !== path) {
        res.writeHead(404).end();
      } else if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST' }).end();
      } else {
        res.writeHead(200).end();
        events.emit('called', Buffer.concat(chunks).toString());
        startBuild();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    events,
    async stop() {
      stopped = true;
      await new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections());
      await building;
    },
  };
}
