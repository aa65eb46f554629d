// A pre-rendered page's styles written into the page rather than linked: its first paint then
// waits for the HTML alone, not for a second request the browser only starts once the head is
// read (a stylesheet blocks rendering). Only the rules the page's markup can use are written
// (critical-css.ts), so that the page fits in the network's first round trip (about 14 KB gzip,
// where the whole built stylesheet alone takes 9.5 KB). The whole stylesheet is still linked,
// for print, which the browser loads without holding the page's rendering for it; the app
// applies it before it takes the page over (applyFullStylesheet), as the dialogs, toasts and
// other pages it shows need rules the page's markup has not. The app's bare shell keeps the
// plain link, and so the cached file, for every other route.
import { fullStylesheetId } from '@/app/prerendered-page';
import { criticalCss, vocabularyOf } from '@/prerender/critical-css';

const stylesheetLink = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;

/** `readAsset` gives a built file's text by its path from the site's root (`/assets/…`). */
export function withInlineStylesheets(html: string, readAsset: (path: string) => string): string {
  const page = vocabularyOf(html);
  return html.replace(stylesheetLink, (_link, href: string) => {
    const css = criticalCss(readAsset(href), page);
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be written inside a <style> element`);
    return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="${href}" media="print" id="${fullStylesheetId}">`;
  });
}
