// The browser's side of a page pre-rendered at build time (src/prerender): its HTML is on screen,
// inert, before the app starts. The app takes back the data that HTML was rendered from, so its
// first render repeats it instead of showing a loader, then lets the page answer input.
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** The element that carries a pre-rendered page's data (a JSON <script>). */
export const pageDataId = 'page-data';

/**
 * The link of a pre-rendered page's whole stylesheet: its HTML carries only the rules of its own
 * markup, and loads the rest for print, which does not hold its first paint (src/prerender).
 */
export const fullStylesheetId = 'stylesheet';

/** Applies the pre-rendered page's whole stylesheet to the screen; resolves once it has loaded. */
export function applyFullStylesheet(): Promise<void> {
  const link = document.getElementById(fullStylesheetId);
  if (!(link instanceof HTMLLinkElement)) return Promise.resolve();
  if (link.sheet) {
    link.media = 'all';
    return Promise.resolve();
  }
  // Still loading, or failed before this ran (its events then gone): a link for the screen in its
  // place, which the browser serves from the request under way or asks again. If it cannot be
  // loaded, the page runs on its own rules rather than not at all.
  return new Promise((resolve) => {
    const screen = link.cloneNode() as HTMLLinkElement;
    screen.media = 'all';
    screen.onload = screen.onerror = () => resolve();
    link.replaceWith(screen);
  });
}

/** Puts the pre-rendered page's data into `client`; false when this page was not pre-rendered. */
export function restorePrerenderedData(client: QueryClient): boolean {
  const element = document.getElementById(pageDataId);
  if (!element?.textContent) return false;
  hydrate(client, JSON.parse(element.textContent));
  element.remove();
  return true;
}

/** Rendered beside the app: once the app's first render is on screen, the root is no longer inert. */
export function PrerenderedPageHandOver({ root }: { root: HTMLElement }) {
  useEffect(() => root.removeAttribute('inert'), [root]);
  return null;
}
