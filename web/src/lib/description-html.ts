// A product's description: the small document model the admin editor writes, read from any HTML
// and written back in one canonical form, the only one the database accepts
// (supabase/migrations/20261129170622_product_description_allow_list.sql):
//   <p>, <h2>, <h3>, <strong>, <em>, <ul>, <ol>, <li>, <br>; <a href="https://…|mailto:…">;
//   text with &, < and > escaped, every other character as itself.
// No DOM and no dependency: the editor, the import (`npm run catalogue:import`) and the stack's demo
// catalogue (scripts/stack/demo-catalogue.ts) run this very code, in the browser or in Node.

export interface TextRun {
  kind: 'text';
  text: string;
  bold: boolean;
  italic: boolean;
  /** An https or mailto address (allowedHref), or null. */
  href: string | null;
}
export interface LineBreak {
  kind: 'break';
}
export type Inline = TextRun | LineBreak;
export type TextBlock = { kind: 'paragraph' | 'heading2' | 'heading3'; content: Inline[] };
export type ListBlock = { kind: 'bulleted' | 'numbered'; items: Inline[][] };
export type Block = TextBlock | ListBlock;

const isList = (block: Block): block is ListBlock => block.kind === 'bulleted' || block.kind === 'numbered';

/** The longest description the table keeps (products.description). */
export const descriptionMaxLength = 100_000;

/** A link's address as the description keeps it (scheme in lower case), or null when it is neither https nor mailto. */
export function allowedHref(raw: string): string | null {
  const href = raw.trim();
  const scheme = /^(https:\/\/|mailto:)/i.exec(href)?.[1];
  // No whitespace, control character, quote or angle bracket: the address stays one token.
  if (!scheme || href.length === scheme.length || /[\s\u0000-\u001f\u007f"<>]/.test(href)) return null;
  return scheme.toLowerCase() + href.slice(scheme.length);
}

// ---- Reading HTML ----------------------------------------------------------------------------

type Token = { type: 'text'; text: string } | { type: 'open'; name: string; attributes: Map<string, string> } | { type: 'close'; name: string };

/** Elements whose content is never text of the description: dropped whole. */
const droppedWithContent = new Set([
  'script', 'style', 'iframe', 'object', 'embed', 'applet', 'noscript', 'noembed', 'noframes', 'template', 'textarea',
  'title', 'head', 'svg', 'math', 'select', 'xmp', 'plaintext', 'audio', 'video', 'canvas', 'frameset',
]);
const headings2 = new Set(['h1', 'h2']);
const headings3 = new Set(['h3', 'h4', 'h5', 'h6']);
/** Elements a browser shows on a line of their own: each ends the paragraph before it. */
const blockBreakers = new Set([
  'p', 'div', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'blockquote', 'pre', 'address',
  'figure', 'figcaption', 'table', 'tr', 'td', 'th', 'dl', 'dt', 'dd', 'hr', 'body', 'html',
]);

const namedEntities: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', laquo: '«', raquo: '»', rsquo: '’', lsquo: '‘',
  rdquo: '”', ldquo: '“', hellip: '…', mdash: '—', ndash: '–', euro: '€', eacute: 'é', egrave: 'è', ecirc: 'ê',
  agrave: 'à', acirc: 'â', ccedil: 'ç', icirc: 'î', iuml: 'ï', ocirc: 'ô', ucirc: 'û', ugrave: 'ù', oelig: 'œ',
  Eacute: 'É', Egrave: 'È', Agrave: 'À', Ccedil: 'Ç',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});?/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      // NUL, surrogates and what is past Unicode become the replacement character, as in a browser.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return namedEntities[name] ?? whole;
  });
}

const attributePattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const text = (value: string) => value && tokens.push({ type: 'text', text: decodeEntities(value) });
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt === -1) {
      text(html.slice(at));
      break;
    }
    text(html.slice(at, lt));
    if (html.startsWith('<!--', lt)) {
      // A comment, closed or not, hides nothing: it is dropped to its end.
      const end = html.indexOf('-->', lt + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    const tag = /^<(\/?)([a-z][a-z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/i.exec(html.slice(lt));
    if (!tag) {
      if (/^<[!?/]/.test(html.slice(lt, lt + 2))) {
        // A doctype, a processing instruction or a broken end tag: dropped, as a browser does.
        const end = html.indexOf('>', lt);
        at = end === -1 ? html.length : end + 1;
      } else {
        text('<');
        at = lt + 1;
      }
      continue;
    }
    at = lt + tag[0].length;
    const name = tag[2]!.toLowerCase();
    if (tag[1]) {
      tokens.push({ type: 'close', name });
      continue;
    }
    if (droppedWithContent.has(name)) {
      const end = html.slice(at).search(new RegExp(`</${name}\\s*>`, 'i'));
      at = end === -1 ? html.length : at + end + html.slice(at + end).indexOf('>') + 1;
      continue;
    }
    const attributes = new Map<string, string>();
    for (const [, key, double, single, bare] of tag[3]!.matchAll(attributePattern)) {
      attributes.set(key!.toLowerCase(), decodeEntities(double ?? single ?? bare ?? ''));
    }
    tokens.push({ type: 'open', name, attributes });
  }
  return tokens;
}

/** The description's blocks, read from any HTML: what the model cannot say is dropped, its text kept. */
export function parseDescription(html: string): Block[] {
  const blocks: Block[] = [];
  let textBlock: TextBlock | null = null;
  let list: ListBlock | null = null;
  let item: Inline[] | null = null;
  let textKind: TextBlock['kind'] = 'paragraph';
  // Open inline elements, innermost last: what the text is, bold, italic, a link.
  const inline: { name: string; bold?: boolean; italic?: boolean; href?: string | null }[] = [];

  const endText = () => {
    textBlock = null;
  };
  const content = (): Inline[] => {
    if (list) {
      if (!item) list.items.push((item = []));
      return item;
    }
    if (!textBlock) blocks.push((textBlock = { kind: textKind, content: [] }));
    return textBlock.content;
  };
  const addText = (raw: string) => {
    const collapsed = raw.replace(/[ \t\n\r\f]+/g, ' ');
    if (collapsed === ' ' && !list && !textBlock) return;
    const into = content();
    const last = into[into.length - 1];
    const text = !last || last.kind === 'break' || last.text.endsWith(' ') ? collapsed.replace(/^ /, '') : collapsed;
    if (!text) return;
    const marks = {
      bold: inline.some((element) => element.bold),
      italic: inline.some((element) => element.italic),
      href: [...inline].reverse().find((element) => element.href !== undefined)?.href ?? null,
    };
    into.push({ kind: 'text', text, ...marks });
  };

  for (const token of tokenize(html)) {
    if (token.type === 'text') {
      addText(token.text);
      continue;
    }
    const { name } = token;
    if (token.type === 'open') {
      if (name === 'ul' || name === 'ol') {
        endText();
        // A list within a list joins it: the model has one level.
        if (!list) blocks.push((list = { kind: name === 'ul' ? 'bulleted' : 'numbered', items: [] }));
        item = null;
      } else if (name === 'li') {
        endText();
        if (!list) blocks.push((list = { kind: 'bulleted', items: [] }));
        list.items.push((item = []));
      } else if (headings2.has(name) || headings3.has(name) || blockBreakers.has(name)) {
        if (!list) {
          endText();
          textKind = headings2.has(name) ? 'heading2' : headings3.has(name) ? 'heading3' : 'paragraph';
        } else item = null;
      } else if (name === 'br') {
        content().push({ kind: 'break' });
      } else if (name === 'strong' || name === 'b') inline.push({ name, bold: true });
      else if (name === 'em' || name === 'i') inline.push({ name, italic: true });
      else if (name === 'a') inline.push({ name, href: allowedHref(token.attributes.get('href') ?? '') });
      continue;
    }
    if (name === 'ul' || name === 'ol') {
      list = null;
      item = null;
    } else if (name === 'li') item = null;
    else if (headings2.has(name) || headings3.has(name) || blockBreakers.has(name)) {
      if (!list) {
        endText();
        textKind = 'paragraph';
      } else item = null;
    } else {
      const open = inline.map((element) => element.name).lastIndexOf(name);
      if (open !== -1) inline.splice(open);
    }
  }
  return tidy(blocks);
}

/** Trims each block's spaces and breaks at its ends, merges runs alike, and drops what is left empty. */
function tidyContent(content: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const piece of content) {
    const last = merged[merged.length - 1];
    if (piece.kind === 'text' && last?.kind === 'text' && last.bold === piece.bold && last.italic === piece.italic && last.href === piece.href) {
      merged[merged.length - 1] = { ...last, text: last.text + piece.text };
    } else merged.push(piece.kind === 'text' ? { ...piece } : piece);
  }
  const trimEnd = () => {
    for (let last = merged[merged.length - 1]; last; last = merged[merged.length - 1]) {
      if (last.kind === 'break') merged.pop();
      else if (last.text.endsWith(' ')) {
        last.text = last.text.replace(/ +$/, '');
        if (!last.text) merged.pop();
      } else break;
    }
  };
  trimEnd();
  while (merged[0]?.kind === 'break') merged.shift();
  // A space before a break shows nothing.
  for (let index = 0; index < merged.length - 1; index++) {
    const piece = merged[index]!;
    if (piece.kind === 'text' && merged[index + 1]!.kind === 'break') piece.text = piece.text.replace(/ +$/, '');
  }
  return merged.filter((piece) => piece.kind === 'break' || piece.text);
}

function tidy(blocks: Block[]): Block[] {
  const tidied: Block[] = [];
  for (const block of blocks) {
    if (isList(block)) {
      const items = block.items.map(tidyContent).filter((item) => item.length > 0);
      if (items.length) tidied.push({ kind: block.kind, items });
    } else {
      const content = tidyContent(block.content);
      if (content.length) tidied.push({ kind: block.kind, content });
    }
  }
  return tidied;
}

// ---- Writing HTML ----------------------------------------------------------------------------

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Inline content, nested in one order (link, bold, italic) so that one document has one form. */
export function writeInline(content: Inline[]): string {
  let html = '';
  let open: { href: string | null; bold: boolean; italic: boolean } = { href: null, bold: false, italic: false };
  const close = (to: typeof open) => {
    if (open.italic && (!to.italic || to.bold !== open.bold || to.href !== open.href)) html += '</em>';
    if (open.bold && (!to.bold || to.href !== open.href)) html += '</strong>';
    if (open.href && to.href !== open.href) html += '</a>';
  };
  const openTo = (to: typeof open, was: typeof open) => {
    if (to.href && to.href !== was.href) html += `<a href="${to.href.replace(/&/g, '&amp;')}">`;
    if (to.bold && (!was.bold || to.href !== was.href)) html += '<strong>';
    if (to.italic && (!was.italic || to.bold !== was.bold || to.href !== was.href)) html += '<em>';
  };
  for (const piece of content) {
    const to = piece.kind === 'text' ? { href: piece.href, bold: piece.bold, italic: piece.italic } : { href: null, bold: false, italic: false };
    close(to);
    openTo(to, open);
    open = to;
    html += piece.kind === 'text' ? escapeText(piece.text) : '<br>';
  }
  close({ href: null, bold: false, italic: false });
  return html;
}

const blockTags = { paragraph: 'p', heading2: 'h2', heading3: 'h3', bulleted: 'ul', numbered: 'ol' } as const;

/** The canonical HTML of a description's blocks ('' when it has none). */
export function writeDescription(blocks: Block[]): string {
  return blocks
    .map((block) => {
      const tag = blockTags[block.kind];
      const inner = isList(block) ? block.items.map((item) => `<li>${writeInline(item)}</li>`).join('') : writeInline(block.content);
      return `<${tag}>${inner}</${tag}>`;
    })
    .join('');
}

/**
 * Any HTML as the description's canonical form, which the database accepts: the sanitiser of every
 * writer (the editor, the import, the demo catalogue). Null when nothing is left to show.
 */
export function sanitizeDescription(html: string | null | undefined): string | null {
  return writeDescription(parseDescription(html ?? '')) || null;
}
