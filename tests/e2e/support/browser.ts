// Debian's Chromium headless shell driven by playwright-core, one context per journey, axe-core on every
// page state it settles on, screenshots of a failing journey (and, with SHOP_E2E_SCREENSHOTS=1, of
// the states the journeys reach) under tests/e2e/screenshots/ (git-ignored).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { watchAccessibility } from './accessibility.ts';
import { recordCspViolations } from './csp-violations.ts';
import { installPageGate } from './page-gate.ts';

const screenshotsDir = join(import.meta.dirname, '..', 'screenshots');
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export function webUrl(): string {
  const url = process.env.WEB_URL;
  if (!url) throw new Error('WEB_URL is not set: run the journeys through npm test');
  return url;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', args: chromiumArgs });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * This Vitest worker's browser: launched for the first journey file it runs, kept for the files
 * after it (the e2e project reuses its workers: `isolate: false`), launched again if it has gone.
 * Every journey gets contexts of its own. Playwright ends the browser when the worker exits.
 */
function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then(
    (browser) => {
      browser.on('disconnected', () => (workerBrowser = undefined));
      return browser;
    },
    (error: unknown) => {
      workerBrowser = undefined;
      throw error;
    },
  );
  return workerBrowser;
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: webUrl(), locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

function takeScreenshot(target: Page | Locator, name: string): Promise<Buffer> {
  mkdirSync(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${name}.png`);
  return 'goto' in target ? target.screenshot({ path, fullPage: true }) : target.screenshot({ path });
}

/**
 * A picture of a page (whole) or of one part of it, for a person to look at: taken only with
 * SHOP_E2E_SCREENSHOTS=1, as Playwright Test takes none by default, since no assertion reads it.
 * A failing journey's pages are always taken.
 */
export async function screenshot(target: Page | Locator, name: string): Promise<void> {
  if (process.env.SHOP_E2E_SCREENSHOTS === '1') await takeScreenshot(target, name);
}

/**
 * Registers a journey file's hooks: the worker's browser (sharedBrowser); each page a journey opens
 * gets a context of its own, is checked by axe-core on every page state it settles on (accessibility.ts:
 * a violation fails the journey), is screenshotted when the journey fails, and is closed after it.
 * A journey during which any page met a Content-Security-Policy violation fails (csp-violations.ts).
 */
export function useBrowser(): { open(options?: BrowserContextOptions): Promise<Page> } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  const opened: Array<{ context: BrowserContext; page: Page; violations: string[] }> = [];
  const accessibility = watchAccessibility(new URL(webUrl()).origin);
  afterEach(async (test) => {
    const failed = test.task.result?.state === 'fail';
    if (failed) {
      const name = `failed-${test.task.name.replace(/\W+/g, '-')}`;
      await Promise.all(opened.map(({ page }, i) => takeScreenshot(page, opened.length > 1 ? `${name}-${i}` : name).catch(() => undefined)));
    }
    const tabs = opened.splice(0);
    try {
      if (!failed) await accessibility.check();
    } finally {
      await Promise.all(tabs.map(({ context }) => context.close()));
      await accessibility.reset();
    }
    const violations = tabs.flatMap((tab) => tab.violations);
    if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  });
  return {
    async open(options = {}) {
      if (!browser) throw new Error('a journey opens a page before beforeAll has run');
      const tab = await newPage(browser, options);
      opened.push({ ...tab, violations: await recordCspViolations(tab.context) });
      installPageGate(tab.page);
      accessibility.watch(tab.page);
      return tab.page;
    },
  };
}
