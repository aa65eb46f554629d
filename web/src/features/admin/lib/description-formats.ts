// What the description editor's toolbar shows pressed: the formats of the element the caret is in,
// read from its ancestors up to the editor, in the terms of the description's model
// (`@/lib/description-html`), whatever tags the browser's editing wrote (<b> or <strong>, <div>…).

export type BlockFormat = 'paragraph' | 'heading2' | 'heading3' | 'bulleted' | 'numbered';

export interface ActiveFormats {
  block: BlockFormat;
  bold: boolean;
  italic: boolean;
  link: boolean;
}

export const noFormats: ActiveFormats = { block: 'paragraph', bold: false, italic: false, link: false };

const blockOf: Record<string, BlockFormat> = { h1: 'heading2', h2: 'heading2', h3: 'heading3', h4: 'heading3', h5: 'heading3', h6: 'heading3' };

/** The formats at `node` within `root`; none when the node is outside it. */
export function activeFormats(node: Node | null, root: Node): ActiveFormats {
  if (!node || !root.contains(node)) return noFormats;
  const formats = { ...noFormats };
  let heading: BlockFormat | null = null;
  let list: BlockFormat | null = null;
  for (let at: Node | null = node; at && at !== root; at = at.parentNode) {
    if (at.nodeType !== 1) continue;
    const tag = (at as Element).tagName.toLowerCase();
    if (tag === 'b' || tag === 'strong') formats.bold = true;
    else if (tag === 'i' || tag === 'em') formats.italic = true;
    else if (tag === 'a') formats.link = true;
    else if ((tag === 'ul' || tag === 'ol') && !list) list = tag === 'ul' ? 'bulleted' : 'numbered';
    else if (blockOf[tag] && !heading) heading = blockOf[tag];
  }
  // A list item is written as the list's (the model has no heading within a list).
  formats.block = list ?? heading ?? 'paragraph';
  return formats;
}
