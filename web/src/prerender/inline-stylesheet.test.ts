import { describe, expect, it } from 'vitest';
import { withInlineStylesheets } from '@/prerender/inline-stylesheet';

const page = '<head><script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index-b.css">\n</head>';

describe('withInlineStylesheets', () => {
  it('writes the built stylesheet into the page in place of its link, and leaves the scripts', () => {
    const read: string[] = [];
    const html = withInlineStylesheets(page, (path) => (read.push(path), 'main{color:#36205a}'));
    expect(read).toEqual(['/assets/index-b.css']);
    expect(html).toBe('<head><script type="module" crossorigin src="/assets/index-a.js"></script>\n<style>main{color:#36205a}</style>\n</head>');
  });

  it('refuses a stylesheet that would end its <style> element', () => {
    expect(() => withInlineStylesheets(page, () => 'a{content:"</style><script>"}')).toThrow(/cannot be written inside a <style> element/);
  });
});
