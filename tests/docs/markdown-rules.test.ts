// Each rule of markdown-rules.ts refusing a page that breaks it, and passing one that keeps it, on a
// made-up repository: the check on the real documentation (docs-shape.test.ts) can fail.
import { describe, expect, it } from 'vitest';
import { anchorOf, anchorsOfText, problemsOf, tableCells, type Repository } from './markdown-rules.ts';

const files = ['README.md', 'docs/payments.md', 'docs/images/storefront.png', 'scripts/start.ts', 'web/package.json', 'web/src/main.tsx'];
const folders = new Set(['docs', 'docs/images', 'scripts', 'web', 'web/src']);
const texts: Record<string, string> = { 'docs/payments.md': '# Payments\n\n## Who prices the checkout?\n\n## Refunds\n\n## Refunds\n' };

const repo: Repository = {
  files: new Set(files),
  folders,
  ignored: (path) => path.startsWith('web/dist') || path.startsWith('.local'),
  scripts: new Map([
    ['', new Set(['start', 'test', 'bench:db'])],
    ['web', new Set(['dev'])],
  ]),
  anchorsOf: (file) => anchorsOfText(texts[file] ?? ''),
};

const readme = (text: string) => problemsOf({ path: 'README.md', text }, repo);
const page = (path: string, text: string) => problemsOf({ path, text }, repo);
const lines = (count: number) => Array.from({ length: count }, (_, i) => `line ${i}`).join('\n');

describe('the length of a page', () => {
  it('allows the root README 150 lines and refuses the 151st', () => {
    expect(readme(lines(150))).toEqual([]);
    expect(readme(lines(151))).toEqual(['README.md: 151 lines, more than 150']);
  });

  it('allows any other page 250 lines', () => {
    expect(page('docs/payments.md', lines(250))).toEqual([]);
    expect(page('web/README.md', lines(251))).toEqual(['web/README.md: 251 lines, more than 250']);
  });
});

describe('the width of a line', () => {
  it('refuses prose over 120 characters, counting characters rather than bytes', () => {
    expect(readme('é'.repeat(120))).toEqual([]);
    expect(readme('x'.repeat(121))).toEqual(['README.md:1: 121 characters, more than 120']);
  });

  it('leaves code blocks and table rows to their own rules', () => {
    expect(readme(['```sh', 'x'.repeat(200), '```', `| ${'y'.repeat(200)} | z |`].join('\n'))).toEqual([]);
  });
});

describe('a table cell', () => {
  it('refuses a cell over 300 characters', () => {
    expect(readme(`| a | ${'c'.repeat(300)} |`)).toEqual([]);
    expect(readme(`| a | ${'c'.repeat(301)} |`)).toEqual(['README.md:1: a table cell of 301 characters, more than 300']);
  });

  it('splits on pipes, but not escaped ones or those in code', () => {
    expect(tableCells('| `a | b` | c \\| d | e |')).toEqual(['`a | b`', 'c | d', 'e']);
  });
});

describe('a link', () => {
  it('must name a tracked file or folder, relative to the page', () => {
    expect(readme('[p](docs/payments.md) [i](docs/images/storefront.png) [d](docs/) [w](https://example.org/x)')).toEqual([]);
    expect(page('docs/payments.md', '[r](../README.md) [s](../scripts/start.ts)')).toEqual([]);
    expect(readme('[gone](docs/refunds.md)')).toEqual(['README.md:1: the link docs/refunds.md names nothing tracked']);
    expect(page('docs/payments.md', '[out](../../shared/spec.md)')).toEqual(['docs/payments.md:1: the link ../../shared/spec.md names nothing tracked']);
  });

  it('must name a heading of the page it points to, as GitHub makes anchors', () => {
    expect(readme('[q](docs/payments.md#who-prices-the-checkout) [r2](docs/payments.md#refunds-1)')).toEqual([]);
    expect(readme('[q](docs/payments.md#disputes)')).toEqual(['README.md:1: the link docs/payments.md#disputes names no heading of docs/payments.md']);
  });

  it('is not read inside code', () => {
    expect(readme(['```md', '[x](nowhere.md)', '```', 'See `[y](nowhere.md)`.'].join('\n'))).toEqual([]);
  });
});

describe('anchors', () => {
  it('are lower case, without punctuation, with hyphens for spaces', () => {
    expect(anchorOf('Where is the checkout priced?')).toBe('where-is-the-checkout-priced');
    expect(anchorOf('`npm run bench:db`')).toBe('npm-run-benchdb');
    expect(anchorOf('Reçus et avoirs (RGPD)')).toBe('reçus-et-avoirs-rgpd');
  });
});

describe('a path in backticks', () => {
  it('must exist when it starts at a tracked folder', () => {
    expect(readme('`scripts/start.ts`, `web/src/`, `docs/images`')).toEqual([]);
    expect(readme('`scripts/stop.ts`')).toEqual(['README.md:1: `scripts/stop.ts` names nothing tracked']);
  });

  it('may start at the page\'s own folder', () => {
    expect(page('web/README.md', '`src/main.tsx`')).toEqual([]);
    expect(page('web/README.md', '`src/app.tsx`')).toEqual(['web/README.md:1: `src/app.tsx` names nothing tracked']);
  });

  it('may name what a build or a run writes, where git ignores it', () => {
    expect(readme('`web/dist/.htaccess`, `.local/db`')).toEqual([]);
  });

  it('is not a route, a MIME type, a glob or a placeholder', () => {
    expect(readme('`/rest/v1/orders`, `text/vtt`, `web/src/**/*.test.ts`, `docs/<page>.md`, `scripts/…`')).toEqual([]);
  });
});

describe('an npm script', () => {
  it('must be a script of the root package or of the page\'s workspace', () => {
    expect(readme('`npm run bench:db`, `npm run -s bench:db`')).toEqual([]);
    expect(page('web/README.md', '`npm run dev`')).toEqual([]);
    expect(readme('`npm run dev`')).toEqual(['README.md:1: npm run dev is no script']);
    expect(readme('```sh\nnpm run bench:everything\n```')).toEqual(['README.md:2: npm run bench:everything is no script']);
  });
});
