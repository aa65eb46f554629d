// axe-core on every page state the journeys settle on, with the WCAG 2.2 AA rules: each page a
// journey opens is watched, and once it has navigated (a load or the app's own route change) and
// then settled (no request in flight, finite animations over), its document is checked, once per
// address per journey; the state it ends in is checked too (only the shop's own pages), unless its
// document is still the one its last check read. Any violation fails the journey. Checked in the
// background while the journey goes on, except while axe runs: it holds the page's main thread, so
// the journey's calls on that page wait for it (page-gate.ts). A check the page navigates away from
// mid-way counts for nothing, and the next address (or the reloaded document) gets its own.
import axe, { type Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { asCheck, holdWhile } from './page-gate.ts';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (axe's tags; 2.2 adds AA rules only). */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Quiet time after the last request before a page counts as settled, and the longest wait. */
const quietMs = 400;
const settleLimitMs = 5_000;

function explain(url: string, violation: Result): string {
  const nodes = violation.nodes.slice(0, 5).map((node) => `      ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
  return [`  ${new URL(url).pathname}${new URL(url).search}: ${violation.id} (${violation.impact}) ${violation.help}`, ...nodes].join('\n');
}

/** Requests in flight on `page`, and when the last one started or ended. */
function trackRequests(page: Page): { idleFor(): number } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => () => {
    inFlight += delta;
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return { idleFor: () => (inFlight > 0 ? 0 : Date.now() - lastChange) };
}

async function settle(page: Page, requests: { idleFor(): number }): Promise<void> {
  const deadline = Date.now() + settleLimitMs;
  while (requests.idleFor() < quietMs && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  // Fades and slides end before their colours are judged; spinners (infinite) are left alone.
  await page.evaluate(`Promise.race([
    Promise.all(document.getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, ${settleLimitMs})),
  ])`);
}

/**
 * The violations axe finds in the page as it is now. axe-core goes into a document once: the app's
 * route changes keep it, a load brings a document without it (@axe-core/playwright sent its 600 KB
 * twice per check, a seventh of the journeys' CPU). The shop's pages have no frames to descend into.
 */
async function violationsOf(page: Page): Promise<Result[]> {
  const analyze = async () => {
    if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
    return page.evaluate<Result[]>(`axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(wcagTags)} } }).then((results) => results.violations)`);
  };
  try {
    return await analyze();
  } catch (error) {
    // axe was injected, then the document was replaced (a reload to the same address) before it ran.
    if (!/reading 'run'/.test((error as Error).message)) throw error;
    return analyze();
  }
}

interface Watched {
  page: Page;
  requests: { idleFor(): number };
  /** The page's checks, one after the other. */
  queue: Promise<void>;
  /** The check due once the page has been quiet after its last navigation. */
  timer?: NodeJS.Timeout;
  /** Navigations of the main frame so far: a check that sees this change read a replaced document. */
  navigations: number;
  /** The address and markup the page's last check read. */
  lastRead?: { url: string; html: string };
}

/**
 * Watches the pages a journey opens, on the shop's `origin` only (the commerce sandbox's payment
 * page plays an outside service); `check()` at its end waits for the checks and fails on findings.
 */
export function watchAccessibility(origin: string) {
  const checked = new Set<string>();
  const findings: string[] = [];
  const watched: Watched[] = [];

  async function checkNow(entry: Watched, always: boolean): Promise<void> {
    const { page } = entry;
    if (page.isClosed() || new URL(page.url()).origin !== origin || (!always && checked.has(page.url()))) return;
    const navigations = entry.navigations;
    try {
      await settle(page, entry.requests);
      const url = page.url();
      if (new URL(url).origin !== origin || (!always && checked.has(url))) return;
      const html = await page.evaluate<string>('document.documentElement.outerHTML');
      // The state it ends in is the one its last check read: the same findings again.
      if (always && entry.lastRead?.url === url && entry.lastRead.html === html) return;
      let found = await holdWhile(page, () => violationsOf(page));
      // Checks run beside the journey, which may have clicked meanwhile: a colour read in the middle
      // of the transition it started is read again once the page's animations have ended. A real
      // contrast failure is still there then.
      if (found.some((violation) => violation.id === 'color-contrast') && page.url() === url) {
        await settle(page, entry.requests);
        found = await holdWhile(page, () => violationsOf(page));
      }
      // Left for another address meanwhile: what was read may mix both; that address gets its own check.
      if (page.url() !== url) return;
      checked.add(url);
      entry.lastRead = { url, html };
      findings.push(...found.map((violation) => explain(url, violation)));
    } catch (error) {
      // Navigated meanwhile (a reload replaces the document axe was injected into): the new
      // document gets its own check.
      if (page.isClosed() || entry.navigations !== navigations || /context was destroyed|navigat|Target .*closed/i.test((error as Error).message)) return;
      findings.push(`  ${page.url()}: axe could not run: ${(error as Error).message}`);
    }
  }

  /** One check at a time per page (axe refuses a second run in a document while one is going). */
  function enqueue(entry: Watched, always: boolean): Promise<void> {
    const next = entry.queue.then(() => asCheck(() => checkNow(entry, always)));
    entry.queue = next;
    return next;
  }

  return {
    /** Checks `page` after each navigation, once it has settled. */
    watch(page: Page): void {
      const entry: Watched = { page, requests: trackRequests(page), queue: Promise.resolve(), navigations: 0 };
      watched.push(entry);
      page.on('framenavigated', (frame) => {
        if (frame !== page.mainFrame()) return;
        entry.navigations += 1;
        clearTimeout(entry.timer);
        entry.timer = setTimeout(() => void enqueue(entry, false), quietMs);
      });
    },
    /** Checks the state each page ends in, waits for every check, and throws if any found a violation. */
    async check(): Promise<void> {
      for (const entry of watched) clearTimeout(entry.timer);
      await Promise.all(watched.map((entry) => enqueue(entry, true)));
      const found = findings.splice(0);
      checked.clear();
      watched.splice(0);
      if (found.length > 0) throw new Error(`axe-core (${wcagTags.join(', ')}) found accessibility violations:\n${[...new Set(found)].join('\n')}`);
    },
    /** Forgets a journey that failed on its own, once its pages are closed and its checks ended. */
    async reset(): Promise<void> {
      for (const entry of watched) clearTimeout(entry.timer);
      await Promise.all(watched.map((entry) => entry.queue));
      findings.splice(0);
      checked.clear();
      watched.splice(0);
    },
  };
}
