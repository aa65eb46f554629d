import { describe, expect, it } from 'vitest';
import { criticalCss, vocabularyOf } from '@/prerender/critical-css';

const page = (html: string) => vocabularyOf(`<html><body>${html}</body></html>`);

describe('vocabularyOf', () => {
  it("reads the classes, elements and ids of a page's HTML, entities decoded, and the custom properties its styles read", () => {
    const vocabulary = vocabularyOf('<main id="top"><a class="text-ink  [&amp;&gt;svg]:size-4" style="color:var(--color-ink)">x</a></main>');
    expect([...vocabulary.classes]).toEqual(['text-ink', '[&>svg]:size-4']);
    expect([...vocabulary.elements]).toEqual(['main', 'a']);
    expect([...vocabulary.ids]).toEqual(['top']);
    expect([...vocabulary.variables]).toEqual(['--color-ink']);
  });
});

describe('criticalCss', () => {
  it("keeps a rule whose class the page has and drops one whose class it has not", () => {
    expect(criticalCss('.text-ink{color:#241a33}.text-mist{color:#5d5270}', page('<p class="text-ink">x</p>'))).toBe('.text-ink{color:#241a33}');
  });

  it('judges elements and ids as it judges classes, and every part of a selector', () => {
    const css = 'h1{margin:0}table{border:0}#top{padding:0}#gone{padding:1px}main .card{color:red}dialog .card{color:blue}';
    expect(criticalCss(css, page('<main id="top"><h1 class="card">x</h1></main>'))).toBe('h1{margin:0}#top{padding:0}main .card{color:red}');
  });

  it('keeps a rule one of whose selectors may match, and the branches of :is() and :where() as alternatives', () => {
    const css = 'h1,h2{font-weight:600}h5,h6{font-weight:500}:where(.space-y-4>:not(:last-child)){margin:0}:is(.a,.b) p{color:red}:is(.c,.d) p{color:blue}';
    expect(criticalCss(css, page('<div class="space-y-4 b"><h2>x</h2><p>y</p></div>'))).toBe(
      'h1,h2{font-weight:600}:where(.space-y-4>:not(:last-child)){margin:0}:is(.a,.b) p{color:red}',
    );
  });

  it("keeps the states and responsive variants of a present class, and the @media and @supports around them, dropping the emptied ones", () => {
    const css =
      '.hover\\:bg-plum-700:hover{background:#472b74}.focus-visible\\:outline:focus-visible{outline:2px}' +
      '@media (min-width:40rem){.sm\\:px-6{padding:1.5rem}.sm\\:px-8{padding:2rem}}@media (min-width:64rem){.lg\\:hidden{display:none}}' +
      '@supports (color:color-mix(in lab,red,red)){.bg-ivory\\/85{background:color-mix(in oklab,var(--color-ivory) 85%,transparent)}}';
    expect(criticalCss(css, page('<a class="hover:bg-plum-700 sm:px-6 bg-ivory/85">x</a>'))).toBe(
      '.hover\\:bg-plum-700:hover{background:#472b74}@media (min-width:40rem){.sm\\:px-6{padding:1.5rem}}@supports (color:color-mix(in lab,red,red)){.bg-ivory\\/85{background:color-mix(in oklab,var(--color-ivory) 85%,transparent)}}',
    );
  });

  it('keeps the custom properties and @property rules the kept rules read, through other properties, and drops the others', () => {
    const css =
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-ring-color{syntax:"*";inherits:false}' +
      ':root{--color-plum-900:#261640;--color-gold-200:#f4e3b0;--default-font:var(--font-sans);--font-sans:system-ui;--font-serif:Georgia}' +
      'html{font-family:var(--default-font)}.text-plum-900{color:var(--color-plum-900)}.shadow-sm{box-shadow:var(--tw-shadow)}.ring-2{--tw-ring-color:red}';
    expect(criticalCss(css, page('<h1 class="text-plum-900 shadow-sm">x</h1>'))).toBe(
      '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}:root{--color-plum-900:#261640;--default-font:var(--font-sans);--font-sans:system-ui}html{font-family:var(--default-font)}.text-plum-900{color:var(--color-plum-900)}.shadow-sm{box-shadow:var(--tw-shadow)}',
    );
  });

  it('keeps a custom property the page reads from a style attribute', () => {
    expect(criticalCss(':root{--progress:0;--unused:1}', page('<div style="width:var(--progress)">x</div>'))).toBe(':root{--progress:0}');
  });

  it('keeps the @keyframes a kept rule names, through a custom property too, and drops the others; @font-face stays', () => {
    const css =
      '@font-face{font-family:Cormorant;src:url(/c.woff2)}:root{--animate-fade-in:fade-in .2s ease-out;--animate-toast-in:toast-in .25s}' +
      '@keyframes fade-in{0%{opacity:0}to{opacity:1}}@keyframes toast-in{0%{transform:translate(100%)}to{transform:translate(0)}}@keyframes spin{to{rotate:360deg}}' +
      '.animate-fade-in{animation:var(--animate-fade-in)}.animate-toast-in{animation:var(--animate-toast-in)}.animate-spin{animation:spin 1s linear infinite}.loader{animation:spin 1s}';
    expect(criticalCss(css, page('<div class="animate-fade-in loader">x</div>'))).toBe(
      '@font-face{font-family:Cormorant;src:url(/c.woff2)}:root{--animate-fade-in:fade-in .2s ease-out}@keyframes fade-in{0%{opacity:0}to{opacity:1}}@keyframes spin{to{rotate:360deg}}.animate-fade-in{animation:var(--animate-fade-in)}.loader{animation:1s spin}',
    );
  });

  it('keeps rules for every element, such as the base layer, and every layer in its order, an emptied one included', () => {
    const css = '@layer properties{@supports (-moz-orient:inline){.shadow{--tw-shadow:0 0 #0000}}}@layer theme,base;@layer base{*,:after,:before{box-sizing:border-box}::backdrop{margin:0}}@layer utilities{.hidden{display:none}}';
    expect(criticalCss(css, page('<p>x</p>'))).toBe('@layer properties,theme;@layer base{*,:after,:before{box-sizing:border-box}::backdrop{margin:0}}@layer utilities;');
  });
});
