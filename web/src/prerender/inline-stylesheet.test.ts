import { describe, expect, it } from 'vitest';
import { withInlineStylesheets } from '@/prerender/inline-stylesheet';

const page =
  '<head><script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-b.css">\n</head>' +
  '<body><div id="root" inert><main class="text-plum-800">x</main></div></body>';

describe('withInlineStylesheets', () => {
  it("writes the rules of the page's markup into the page, links the whole stylesheet for print until the app applies it, and leaves the scripts", () => {
    const read: string[] = [];
    const html = withInlineStylesheets(page, (path) => (read.push(path), 'main{margin:0}.text-plum-800{color:#36205a}.dialog{position:fixed}'));
    expect(read).toEqual(['/assets/index-b.css']);
    expect(html).toBe(
      '<head><script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
        '<style>main{margin:0}.text-plum-800{color:#36205a}</style>\n    <link rel="stylesheet" crossorigin href="/assets/index-b.css" media="print" id="stylesheet">\n</head>' +
        '<body><div id="root" inert><main class="text-plum-800">x</main></div></body>',
    );
  });

  it('refuses a stylesheet that would end its <style> element', () => {
    expect(() => withInlineStylesheets(page, () => 'main{--x:"</style><script>"}main{color:var(--x)}')).toThrow(/cannot be written inside a <style> element/);
  });
});
