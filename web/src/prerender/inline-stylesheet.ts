// A pre-rendered page's stylesheet written into the page rather than linked: its first paint then
// waits for the HTML alone, not for a second request the browser only starts once the head is
// read (the stylesheet blocks rendering). The built CSS is one file of about 10 KB gzip; the
// app's bare shell keeps the link, and so the cached file, for every other route.
const stylesheetLink = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g;

/** `readAsset` gives a built file's text by its path from the site's root (`/assets/…`). */
export function withInlineStylesheets(html: string, readAsset: (path: string) => string): string {
  return html.replace(stylesheetLink, (_link, href: string) => {
    const css = readAsset(href);
    if (/<\/style/i.test(css)) throw new Error(`${href} cannot be written inside a <style> element`);
    return `<style>${css}</style>`;
  });
}
