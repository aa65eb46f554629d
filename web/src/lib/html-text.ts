/** Elements a browser shows on a line of their own: their text is kept apart from the next one's. */
const blocks = 'address, article, aside, blockquote, br, dd, div, dl, dt, figcaption, figure, footer, h1, h2, h3, h4, h5, h6, header, hr, li, ol, p, pre, section, table, td, th, tr, ul';

/** The visible text of an HTML fragment, whitespace collapsed (for meta descriptions). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, template, noscript').forEach((element) => element.remove());
  doc.body.querySelectorAll(blocks).forEach((element) => element.after(' '));
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Spec §9: the page meta description is the first 160 characters of the description. */
export function metaDescription(html: string | null | undefined, length = 160): string {
  return htmlToText(html).slice(0, length);
}
