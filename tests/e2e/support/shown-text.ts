// A toast goes after five seconds, and a journey's look at the page can wait longer than that
// behind the accessibility check (page-gate.ts). So what a toast said is recorded in the page as it
// is shown, and the journey asks what was shown rather than what is showing.
import type { Page } from 'playwright-core';

/**
 * Records the text of everything `page` adds to its document from now on (a toast among the rest),
 * until it navigates; the function returned says whether any of it contained `text`.
 */
export async function recordShownText(page: Page): Promise<(text: string) => Promise<boolean>> {
  await page.evaluate(`(() => {
    const shown = (window.__shownText = []);
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node.textContent) shown.push(node.textContent);
    }).observe(document.body, { childList: true, subtree: true });
  })()`);
  return (text) => page.evaluate<boolean>(`window.__shownText.some((shown) => shown.includes(${JSON.stringify(text)}))`);
}
