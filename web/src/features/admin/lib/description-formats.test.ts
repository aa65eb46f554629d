// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { activeFormats, noFormats } from '@/features/admin/lib/description-formats';

function editorWith(html: string): HTMLDivElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}
const textOf = (root: Element, selector: string) => root.querySelector(selector)!.firstChild!;

describe('activeFormats', () => {
  it('reads the formats of the caret’s ancestors, whatever tags the browser wrote', () => {
    const root = editorWith('<h2>Titre <b>gras <i>penché</i></b></h2><div><a href="https://x.test"><strong>lien</strong></a></div>');
    expect(activeFormats(textOf(root, 'i'), root)).toEqual({ block: 'heading2', bold: true, italic: true, link: false });
    expect(activeFormats(textOf(root, 'a strong'), root)).toEqual({ block: 'paragraph', bold: true, italic: false, link: true });
  });

  it('says a list item is the list’s, numbered or bulleted, and h4 a sub-heading', () => {
    const root = editorWith('<ol><li><em>un</em></li></ol><ul><li>deux</li></ul><h4>trois</h4>');
    expect(activeFormats(textOf(root, 'em'), root)).toEqual({ ...noFormats, block: 'numbered', italic: true });
    expect(activeFormats(textOf(root, 'ul li'), root).block).toBe('bulleted');
    expect(activeFormats(textOf(root, 'h4'), root).block).toBe('heading3');
  });

  it('reads nothing outside the editor', () => {
    const root = editorWith('<p>dedans</p>');
    const outside = editorWith('<strong>dehors</strong>');
    expect(activeFormats(textOf(outside, 'strong'), root)).toEqual(noFormats);
    expect(activeFormats(null, root)).toEqual(noFormats);
  });
});
