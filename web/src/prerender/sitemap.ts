// sitemap.xml (sitemaps.org protocol 0.9): one <url> per page, <lastmod> when the date is known.

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  lastmod?: string | null;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A W3C datetime in UTC, or nothing for a missing or unreadable date. */
export function sitemapDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(({ loc, lastmod }) => {
    const date = sitemapDate(lastmod);
    return `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${date ? `    <lastmod>${date}</lastmod>\n` : ''}  </url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt as written in public/, with its `Sitemap:` line naming this build's sitemap. */
export function robotsWithSitemap(robots: string, sitemapUrl: string): string {
  const rules = robots
    .split('\n')
    .filter((line) => !/^sitemap:/i.test(line.trim()))
    .join('\n')
    .trimEnd();
  return `${rules}\n\nSitemap: ${sitemapUrl}\n`;
}
