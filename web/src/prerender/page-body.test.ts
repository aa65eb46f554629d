// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { withPageBody } from '@/prerender/page-body';

const shell = '<!doctype html><html><head><title>x</title></head><body>\n    <div id="root"></div>\n  </body></html>';
const data = { mutations: [], queries: [] };

describe('withPageBody', () => {
  it("puts the page's markup in the root, inert, and its data beside it as JSON", () => {
    const html = withPageBody(shell, { markup: '<main><h1>Boutique</h1></main>', data });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const root = doc.getElementById('root');
    expect(root?.hasAttribute('inert')).toBe(true);
    expect(root?.innerHTML).toBe('<main><h1>Boutique</h1></main>');
    const script = doc.getElementById('page-data');
    expect(script?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(script?.textContent ?? 'null')).toEqual(data);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
  });

  it('keeps the data inert: a description holding </script> cannot end the element', () => {
    const hostile = { ...data, queries: [{ state: { data: { description: '</script><script>alert(1)</script>' } } }] } as never;
    const html = withPageBody(shell, { markup: '', data: hostile });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(doc.getElementById('page-data')?.textContent ?? 'null')).toEqual(hostile);
  });

  it("takes the markup as it is, `$` patterns included, and refuses a shell without the app's empty root", () => {
    expect(withPageBody(shell, { markup: "<p>$& $' 12 $</p>", data })).toContain("<p>$& $' 12 $</p>");
    expect(() => withPageBody(withPageBody(shell, { markup: '<p>a</p>', data }), { markup: '<p>b</p>', data })).toThrow(/no <div id="root"><\/div>/);
  });
});
