// Renders one public page to HTML at build time, as the app renders it in the browser: the
// page's data read first (the route's own prefetch), then the whole app at that path, its lazy
// page included (React's static prerender waits for it).
import { text } from 'node:stream/consumers';
import { dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { prefetchRoute } from '@/app/router';
import { StaticApp } from '@/app/static-app';
import { createQueryClient } from '@/lib/query-client';
import type { PageBody } from '@/prerender/page-body';

export async function renderPageBody(path: string): Promise<PageBody> {
  const client = createQueryClient();
  await prefetchRoute(client, path);
  const failed = client.getQueryCache().findAll({ type: 'all' }).find((query) => query.state.status === 'error');
  if (failed) throw new Error(`pre-rendering ${path}: ${JSON.stringify(failed.queryKey)} could not be read`, { cause: failed.state.error });
  const errors: unknown[] = [];
  // Every boundary written in place (React otherwise moves a large one to the end of the
  // document, revealed by an inline script, which the site's Content-Security-Policy forbids).
  const { prelude } = await prerenderToNodeStream(<StaticApp path={path} client={client} />, {
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => void errors.push(error),
  });
  const markup = await text(prelude);
  if (errors.length > 0) throw new Error(`pre-rendering ${path} failed`, { cause: errors[0] });
  if (/<script\b/i.test(markup)) throw new Error(`pre-rendering ${path} wrote a script, which the site's policy would block`);
  return { markup, data: dehydrate(client) };
}
