/** The visible text of an HTML fragment, whitespace collapsed (for meta descriptions). */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, template, noscript').forEach((element) => element.remove());
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Spec §9: the page meta description is the first 160 characters of the description. */
export function metaDescription(html: string | null | undefined, length = 160): string {
  return htmlToText(html).slice(0, length);
}
