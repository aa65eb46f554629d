// @vitest-environment jsdom
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyFullStylesheet, PrerenderedPageHandOver, restorePrerenderedData } from '@/app/prerendered-page';

afterEach(() => document.body.replaceChildren());

/** The JSON <script> the build writes beside a pre-rendered page's markup. */
function pageData(content: string): void {
  const script = Object.assign(document.createElement('script'), { type: 'application/json', id: 'page-data', textContent: content });
  document.body.append(script);
}

describe('restorePrerenderedData', () => {
  it("puts the page's queries into the cache as they were read at build time, and drops the element", () => {
    const built = new QueryClient();
    built.setQueryData(['products', { limit: '4' }], { count: 1, products: [{ id: 'prod_gratitude' }] });
    const client = new QueryClient();
    pageData(JSON.stringify(dehydrate(built)));

    expect(restorePrerenderedData(client)).toBe(true);
    expect(client.getQueryData(['products', { limit: '4' }])).toEqual({ count: 1, products: [{ id: 'prod_gratitude' }] });
    expect(document.getElementById('page-data')).toBeNull();
  });

  it('does nothing on a page the build did not pre-render', () => {
    const client = new QueryClient();
    expect(restorePrerenderedData(client)).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('PrerenderedPageHandOver', () => {
  it('lets the page answer input once the app has rendered', () => {
    const root = Object.assign(document.createElement('div'), { id: 'root' });
    root.setAttribute('inert', '');
    document.body.append(root);
    render(<PrerenderedPageHandOver root={root} />);
    expect(root.hasAttribute('inert')).toBe(false);
  });
});

describe('applyFullStylesheet', () => {
  /** The link the build writes beside a pre-rendered page's own rules. */
  function printStylesheet(): HTMLLinkElement {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/assets/index-b.css', media: 'print', id: 'stylesheet' });
    document.body.append(link);
    return link;
  }
  const settled = (promise: Promise<void>) => Promise.race([promise.then(() => 'loaded'), new Promise((resolve) => setTimeout(() => resolve('waiting'), 20))]);

  it('puts the whole stylesheet on screen at once when it has loaded for print', async () => {
    const link = printStylesheet();
    Object.defineProperty(link, 'sheet', { value: new CSSStyleSheet() });
    expect(await settled(applyFullStylesheet())).toBe('loaded');
    expect(link.media).toBe('all');
  });

  it('while it is still loading, links it for the screen in its place and resolves once that has loaded', async () => {
    printStylesheet();
    const applied = applyFullStylesheet();
    const screen = document.getElementById('stylesheet') as HTMLLinkElement;
    expect([screen.media, screen.getAttribute('href'), document.querySelectorAll('link').length]).toEqual(['all', '/assets/index-b.css', 1]);
    expect(await settled(applied)).toBe('waiting');
    screen.dispatchEvent(new Event('load'));
    expect(await settled(applied)).toBe('loaded');
  });

  it('does not hold the app when the stylesheet cannot be loaded', async () => {
    printStylesheet();
    const applied = applyFullStylesheet();
    document.getElementById('stylesheet')!.dispatchEvent(new Event('error'));
    expect(await settled(applied)).toBe('loaded');
  });

  it('resolves at once on a page without one (the bare shell links it as usual)', async () => {
    expect(await settled(applyFullStylesheet())).toBe('loaded');
  });
});
