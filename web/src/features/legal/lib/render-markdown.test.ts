// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@/features/legal/lib/render-markdown';

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis and links', () => {
    const html = renderMarkdown('# Titre\n\n- un **point**\n- [CGV](/cgv)');
    expect(html).toContain('<h1>Titre</h1>');
    expect(html).toContain('<li>un <strong>point</strong></li>');
    expect(html).toContain('<a href="/cgv">CGV</a>');
  });

  it('removes scripts, handlers, javascript: links, frames and styles', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n[lien](javascript:alert(3))\n\n<iframe src="https://evil.example"></iframe>\n\n<p style="color:red">texte</p>',
    );
    expect(html).not.toMatch(/script|onerror|javascript:|iframe|style=/i);
    expect(html).toContain('texte');
  });
});
