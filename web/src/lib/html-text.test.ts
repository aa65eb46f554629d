// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { htmlToText, metaDescription } from '@/lib/html-text';

describe('metaDescription', () => {
  it('keeps the text of the HTML, without tags', () => {
    expect(htmlToText('<p>Une <strong>méditation</strong></p>\n<p>guidée</p>')).toBe('Une méditation guidée');
  });

  it('keeps the words of two blocks apart', () => {
    expect(htmlToText('<p>Trois durées.</p><ul><li>Voix du Maître</li><li>Musique<br>originale</li></ul>')).toBe('Trois durées. Voix du Maître Musique originale');
  });

  it('ignores scripts and styles', () => {
    expect(htmlToText('<p>Paix</p><script>alert(1)</script><style>p{}</style>')).toBe('Paix');
  });

  it('cuts the text at 160 characters', () => {
    const long = `<p>${'a'.repeat(200)}</p>`;
    expect(metaDescription(long)).toHaveLength(160);
  });

  it('is empty without a description', () => {
    expect(metaDescription(null)).toBe('');
  });
});
