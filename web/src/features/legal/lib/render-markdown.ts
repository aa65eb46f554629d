// A legal document's Markdown as HTML the page may insert: parsed by marked, then sanitised by
// DOMPurify (a published text is an administrator's, but nothing it holds may run in a visitor's
// browser: scripts, event handlers, `javascript:` links, frames and forms are removed).
import DOMPurify from 'dompurify';
import { marked } from 'marked';

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'iframe'], FORBID_ATTR: ['style'] });
}
