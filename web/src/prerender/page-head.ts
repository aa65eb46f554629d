// The tags a page's HTML carries for crawlers and link previews, before any script runs: its
// title and description, canonical URL, Open Graph and Twitter card, and structured data; and,
// for the browser, the picture the page will paint largest, fetched while its code downloads.
// The build writes them between index.html's `page-head` markers; the body stays the app's root.
import { siteName } from '@/lib/document-title';

export interface PageHead {
  /** The whole document title, as `documentTitle()` makes it. */
  title: string;
  /** The page's own name, without the site's (Open Graph and Twitter titles). */
  name: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  /** Absolute URL. */
  image: string;
  imageAlt: string;
  type: 'website' | 'product';
  /** Open Graph tags beyond the common ones (e.g. `product:price:amount`). */
  extraOpenGraph?: Array<[property: string, content: string]>;
  /** schema.org data, written as JSON-LD. */
  structuredData?: object;
  /** The URL of the page's largest picture, exactly as its <img> will ask for it. */
  preloadImage?: string;
}

const startMarker = '<!-- page-head -->';
const endMarker = '<!-- /page-head -->';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script> element: `<` escaped so no `</script>` or `<!--` can end or change it. */
export function jsonForScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function pageHeadTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeAttribute(content)}" />`;
  const tags = [
    `<title>${escapeText(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeAttribute(head.canonical)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:title', head.name),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:alt', head.imageAlt),
    ...(head.extraOpenGraph ?? []).map(([property, content]) => meta('property', property, content)),
    meta('name', 'twitter:card', head.type === 'product' ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.name),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    meta('name', 'twitter:image:alt', head.imageAlt),
  ];
  if (head.preloadImage) tags.push(`<link rel="preload" as="image" href="${escapeAttribute(head.preloadImage)}" fetchpriority="high" />`);
  if (head.structuredData) tags.push(`<script type="application/ld+json">${jsonForScript(head.structuredData)}</script>`);
  return tags.join('\n    ');
}

/**
 * The page's HTML: the built index.html with the block between its markers replaced by the
 * page's tags. The markers stay, so the step can run again on its own output.
 */
export function withPageHead(html: string, head: PageHead): string {
  const start = html.indexOf(startMarker);
  const end = html.indexOf(endMarker);
  if (start === -1 || end < start) throw new Error(`index.html has no ${startMarker} … ${endMarker} block to replace`);
  return `${html.slice(0, start + startMarker.length)}\n    ${pageHeadTags(head)}\n    ${html.slice(end)}`;
}
