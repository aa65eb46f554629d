// A pre-rendered page's body: the page's markup inside the app's root, shown before any script
// runs, and the data it was rendered from, which the app reads back (app/prerendered-page.tsx) so
// that its first render repeats that markup instead of a loader. The root is `inert` until then:
// a click on a button whose handler has not arrived yet would be lost without a word.
import type { DehydratedState } from '@tanstack/react-query';
import { pageDataId } from '@/app/prerendered-page';
import { jsonForScript } from '@/prerender/page-head';

export interface PageBody {
  markup: string;
  data: DehydratedState;
}

const emptyRoot = '<div id="root"></div>';

export function withPageBody(html: string, body: PageBody): string {
  if (!html.includes(emptyRoot)) throw new Error(`index.html has no ${emptyRoot} to pre-render into`);
  const root = `<div id="root" inert>${body.markup}</div>\n    <script type="application/json" id="${pageDataId}">${jsonForScript(body.data)}</script>`;
  return html.replace(emptyRoot, () => root);
}
