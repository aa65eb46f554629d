export const siteName = 'Lumière Sacrée';

/** A page's title as the browser tab, search results and link previews show it. */
export function documentTitle(title: string): string {
  return `${title} | ${siteName}`;
}
