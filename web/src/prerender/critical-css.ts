// A pre-rendered page's critical CSS: the rules of the built stylesheet its markup can use, and
// nothing else, so that the page's HTML with its styles fits in the network's first round trip
// (about 14 KB). A rule stays when every class, element and id its selector names is in the page
// (in one of its selectors, and in one branch of an :is()/:where()); states and structure
// (:hover, :focus-visible, :not(), ::before…) are not judged, so a present class keeps its
// variants, and an @media or @supports keeps what it holds of those rules. Then the custom
// properties nothing left reads (var()), their @property rules, and the @keyframes nothing left
// names go too. @font-face and @layer order stay as they are.
// The page still loads the whole stylesheet, without waiting for it (inline-stylesheet.ts).
import { transform, type Selector, type TransformOptions } from 'lightningcss';

/** What a page's HTML holds that a selector can name. */
export interface PageVocabulary {
  classes: ReadonlySet<string>;
  elements: ReadonlySet<string>;
  ids: ReadonlySet<string>;
  /** Custom properties the HTML itself reads (`var(--x)` in a style attribute). */
  variables: ReadonlySet<string>;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** An attribute's value as written by React (`&amp;`, `&#x27;`…), decoded. */
const decodeAttribute = (value: string) =>
  value.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));/gi, (entity, hex?: string, decimal?: string, name?: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : decimal ? String.fromCodePoint(Number(decimal)) : (entities[name!] ?? entity),
  );

const valuesOf = (html: string, attribute: string) =>
  Array.from(html.matchAll(new RegExp(`\\s${attribute}="([^"]*)"`, 'g')), (match) => decodeAttribute(match[1]!));

/** The classes, elements, ids and custom properties a page's HTML (as React writes it) uses. */
export function vocabularyOf(html: string): PageVocabulary {
  return {
    classes: new Set(valuesOf(html, 'class').flatMap((value) => value.split(/\s+/).filter(Boolean))),
    elements: new Set(Array.from(html.matchAll(/<([a-z][a-z0-9-]*)/gi), (match) => match[1]!.toLowerCase())),
    ids: new Set(valuesOf(html, 'id')),
    variables: new Set(Array.from(decodeAttribute(html).matchAll(/var\(\s*(--[\w-]+)/g), (match) => match[1]!)),
  };
}

/** Whether an element of the page could match `selector`, its states and structure aside. */
function mayMatch(selector: Selector, page: PageVocabulary): boolean {
  return selector.every((component) => {
    switch (component.type) {
      case 'class':
        return page.classes.has(component.name);
      case 'type':
        return page.elements.has(component.name.toLowerCase());
      case 'id':
        return page.ids.has(component.name);
      case 'pseudo-class':
        if (component.kind === 'is' || component.kind === 'where' || component.kind === 'any') return component.selectors.some((branch) => mayMatch(branch, page));
        return true;
      default:
        return true;
    }
  });
}

const encode = (css: string) => new TextEncoder().encode(css);
const decode = (code: Uint8Array) => new TextDecoder().decode(code);
const isEmpty = (rule: { value: { rules: unknown[] } }) => rule.value.rules.length === 0;

/**
 * The browsers of the build's target (vite.config.ts: `es2022`, as Vite turns it into Lightning
 * CSS's targets to minify the stylesheet): minified again for them, the rules come out as built.
 */
const buildTargets = { chrome: 94 << 16, edge: 94 << 16, firefox: 93 << 16, opera: 80 << 16, safari: (16 << 16) | (4 << 8), ios_saf: (16 << 16) | (4 << 8) };

/**
 * `css` with the rules `visitor` removes, and the style rules, @media and @supports they leave
 * empty; how many went. An emptied @layer stays: the order of the layers is the document's, so
 * the whole stylesheet, read after these rules, must find them in the order it declares.
 */
function pruned(css: string, visitor: (remove: () => []) => TransformOptions<never>['visitor']): { css: string; removals: number } {
  let removals = 0;
  const remove = (): [] => ((removals += 1), []);
  const emptied = (rule: { value: { rules: unknown[] } }) => (isEmpty(rule) ? remove() : undefined);
  const own = visitor(remove) ?? {};
  const { code } = transform({
    filename: 'critical.css',
    code: encode(css),
    // Rewritten as read, not minified: minifying again may add a vendor prefix each time.
    minify: false,
    visitor: { ...own, RuleExit: { media: emptied, supports: emptied, style: (rule) => (rule.value.declarations.declarations.length + (rule.value.declarations.importantDeclarations?.length ?? 0) + (rule.value.rules?.length ?? 0) === 0 ? remove() : undefined) } },
  });
  return { css: decode(code), removals };
}

const readVariables = (css: string) => Array.from(css.matchAll(/var\(\s*(--[\w-]+)/g), (match) => match[1]!);

/** How many times `name` appears in `css` as a whole identifier. */
const occurrences = (css: string, name: string) => css.split(new RegExp(`(?<![\\w-])${name}(?![\\w-])`)).length - 1;

/** The rules of `css` that the page's HTML can use (see the top of this file). */
export function criticalCss(css: string, page: PageVocabulary): string {
  let critical = pruned(css, (remove) => ({
    Rule: { style: (rule) => (rule.value.selectors.some((selector) => mayMatch(selector, page)) ? undefined : remove()) },
  })).css;
  // Custom properties read only by one that goes are read no more: again until nothing goes.
  for (;;) {
    const read = new Set([...readVariables(critical), ...page.variables]);
    const text = critical;
    const pass = pruned(critical, (remove) => ({
      Declaration: { custom: (property) => (read.has(property.name) ? undefined : remove()) },
      Rule: {
        property: (rule) => (read.has(rule.value.name) ? undefined : remove()),
        // Named nowhere but in its own rule.
        keyframes: (rule) => (rule.value.name.type === 'ident' && occurrences(text, rule.value.name.value) <= 1 ? remove() : undefined),
      },
    }));
    critical = pass.css;
    if (pass.removals === 0) break;
  }
  return decode(transform({ filename: 'critical.css', code: encode(critical), minify: true, targets: buildTargets }).code);
}
