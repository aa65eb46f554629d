import { describe, expect, it } from 'vitest';
import { allowedHref, parseDescription, sanitizeDescription, writeDescription, type Block } from '@/lib/description-html';

// The database's allow-list (products_description_allow_list), as a test oracle: whatever the
// sanitiser writes must be made of these tokens alone.
const allowedToken = /<\/?(p|h2|h3|strong|em|ul|ol|li)>|<br>|<a href="(https:\/\/|mailto:)([^"<>&\s\u0000-\u001f\u007f]|&amp;)+">|<\/a>|&(amp|lt|gt);/g;
const passesDatabase = (html: string) => !/[<>&]/.test(html.replace(allowedToken, ''));

const hostile = [
  '<p>Paix</p><script>alert(1)</script>',
  '<p>Paix<SCRIPT src="https://evil.test/x.js"></SCRIPT></p>',
  '<p onclick="alert(1)" onmouseover=alert(1)>Paix</p>',
  '<img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script><animate onbegin=alert(1)></svg>',
  '<a href="javascript:alert(1)">lien</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">lien</a>',
  '<a href="java&#x09;script:alert(1)">lien</a>',
  '<a href="&#106;avascript:alert(1)">lien</a>',
  '<a href="data:text/html,<script>alert(1)</script>">lien</a>',
  '<a href="https://ok.test" onclick="alert(1)" style="color:red" target="_blank">lien</a>',
  '<p style="background:url(javascript:alert(1))">Paix</p>',
  '<style>p { color: red }</style><p>Paix</p>',
  '<iframe src="https://evil.test"></iframe><p>Paix</p>',
  '<!-- <script>alert(1)</script> --><p>Paix</p>',
  '<p>Paix<!-- unterminated <script>alert(1)</script>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  '<scr<script>ipt>alert(1)</script>',
  '<p>a</p><object data="x"></object><embed src="x"><form><input name=a></form>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<p>Paix</p><template><script>alert(1)</script></template>',
];

describe('sanitizeDescription', () => {
  it('keeps a canonical description as it is', () => {
    const good = '<h2>L’éveil</h2><p>Un <strong>enseignement</strong> <em>simple</em> &amp; profond&nbsp;: <a href="https://lumiere.test/a?x=1&amp;y=2">lire</a>.</p><ul><li>Un</li><li>Deux<br>lignes</li></ul><ol><li>Premier</li></ol><h3>Contact</h3><p><a href="mailto:paix@lumiere.test">écrire</a></p>';
    expect(sanitizeDescription(good)).toBe(good.replace('&nbsp;', '\u00a0'));
  });

  it.each(hostile)('makes %s safe, in a form the database accepts', (html) => {
    const safe = sanitizeDescription(html) ?? '';
    expect(passesDatabase(safe)).toBe(true);
    expect(safe).not.toMatch(/<(script|style|iframe|img|svg|object|embed|form|input|math|template)|\son\w+=|javascript:|data:|style=/i);
  });

  it('keeps the text of what it drops, and none of a script', () => {
    expect(sanitizeDescription('<p>Paix</p><script>alert(1)</script>')).toBe('<p>Paix</p>');
    expect(sanitizeDescription('<a href="javascript:alert(1)">lien</a>')).toBe('<p>lien</p>');
    expect(sanitizeDescription('&#60;script&#62;')).toBe('<p>&lt;script&gt;</p>');
    expect(sanitizeDescription('<scr<script>ipt>alert(1)</script>')).toBe('<p>ipt&gt;alert(1)</p>');
    expect(sanitizeDescription('<div><span style="color:red">Paix</span> <font>intérieure</font></div>')).toBe('<p>Paix intérieure</p>');
  });

  it('writes what a browser’s editing gives in the canonical form', () => {
    expect(sanitizeDescription('<div>Un <b>gras</b> et <i>penché</i></div><div><br></div><h1>Titre</h1><h4>Sous-titre</h4>')).toBe(
      '<p>Un <strong>gras</strong> et <em>penché</em></p><h2>Titre</h2><h3>Sous-titre</h3>',
    );
    expect(sanitizeDescription('<p><strong>a <em>b</em></strong><em> c</em></p>')).toBe('<p><strong>a <em>b</em></strong><em> c</em></p>');
    expect(sanitizeDescription('<ul><li>a<ul><li>b</li></ul></li></ul>')).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(sanitizeDescription('<a href=" HTTPS://lumiere.test ">x</a>')).toBe('<p><a href="https://lumiere.test">x</a></p>');
    expect(sanitizeDescription('texte libre\n\n  sur   deux lignes')).toBe('<p>texte libre sur deux lignes</p>');
  });

  it('answers null when nothing is left to show', () => {
    expect(sanitizeDescription('')).toBeNull();
    expect(sanitizeDescription(null)).toBeNull();
    expect(sanitizeDescription('<p> <br> </p><script>x</script>')).toBeNull();
  });
});

describe('the description model', () => {
  it('reads and writes back the same blocks', () => {
    const blocks: Block[] = [
      { kind: 'heading2', content: [{ kind: 'text', text: 'Titre', bold: false, italic: false, href: null }] },
      {
        kind: 'paragraph',
        content: [
          { kind: 'text', text: 'a ', bold: true, italic: false, href: null },
          { kind: 'text', text: 'b', bold: true, italic: true, href: 'https://x.test' },
          { kind: 'break' },
          { kind: 'text', text: '<c>', bold: false, italic: false, href: null },
        ],
      },
      { kind: 'numbered', items: [[{ kind: 'text', text: 'un', bold: false, italic: true, href: null }]] },
    ];
    const html = writeDescription(blocks);
    expect(html).toBe('<h2>Titre</h2><p><strong>a </strong><a href="https://x.test"><strong><em>b</em></strong></a><br>&lt;c&gt;</p><ol><li><em>un</em></li></ol>');
    expect(parseDescription(html)).toEqual(blocks);
  });
});

describe('allowedHref', () => {
  it('allows https and mailto addresses only', () => {
    expect(allowedHref('https://lumiere.test/a')).toBe('https://lumiere.test/a');
    expect(allowedHref('MAILTO:paix@lumiere.test')).toBe('mailto:paix@lumiere.test');
    for (const refused of ['http://lumiere.test', 'javascript:alert(1)', 'https://', 'https://a b', '//lumiere.test', 'https://a"onclick=', 'ftp://x']) {
      expect(allowedHref(refused)).toBeNull();
    }
  });
});
