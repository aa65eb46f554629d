// A page as a crawler or a link preview reads it: one plain HTTP GET, no JavaScript, then the
// tags of its <head> (title, meta, canonical link, JSON-LD), read from the HTML text alone.
import { webUrl } from './browser.ts';

export interface CrawledPage {
  status: number;
  contentType: string;
  html: string;
  title: string | undefined;
  /** `content` of each <meta name|property>, by that name (the first of each). */
  meta: Map<string, string>;
  canonical: string | undefined;
  /** Each <script type="application/ld+json">, parsed. */
  structuredData: unknown[];
}

const entities: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };
export const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (entities[name.toLowerCase()] ?? whole),
  );

function attributes(tag: string): Map<string, string> {
  return new Map([...tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => [m[1]!.toLowerCase(), decodeEntities(m[2] ?? m[3] ?? '')]));
}

/** Fetches `path` of the web app as Googlebot would, before any script. */
export async function crawl(path: string): Promise<CrawledPage> {
  const response = await fetch(new URL(path, webUrl()), {
    headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', Accept: 'text/html,application/xhtml+xml' },
    redirect: 'manual',
  });
  const html = await response.text();
  const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const key = attrs.get('name') ?? attrs.get('property');
    if (key && attrs.has('content') && !meta.has(key)) meta.set(key, attrs.get('content')!);
  }
  const canonical = [...head.matchAll(/<link\b[^>]*>/gi)].map(([tag]) => attributes(tag)).find((attrs) => attrs.get('rel') === 'canonical')?.get('href');
  const title = /<title>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    html,
    title: title === undefined ? undefined : decodeEntities(title),
    meta,
    canonical,
    structuredData: [...head.matchAll(/<script\b[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => JSON.parse(m[1]!) as unknown),
  };
}
