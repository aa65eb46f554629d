// `npm run bench:web`: what a visitor downloads and how the store page scores, from one run.
// 1. The gzip size of every JavaScript file the browser loads for `/` (production build).
// 2. Lighthouse on `/store` in headless Chromium: performance, accessibility, best practices, SEO.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../lib/free-port.ts';
import { step } from '../lib/log.ts';
import { buildWebApp, serveWebApp } from '../lib/web-app.ts';
import { startLocalStack } from '../stack/launch.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const sizeTargetKb = 150;
const scoreTarget = 95;

async function javascriptOfHome(url: string): Promise<Array<{ url: string; gzipBytes: number }>> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromeFlags });
  try {
    const page = await browser.newPage();
    const scripts: Array<Promise<{ url: string; gzipBytes: number }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.body().then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: 9 }).length })));
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return await Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

async function lighthouseScores(url: string): Promise<Record<string, number>> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    return Object.fromEntries(Object.entries(result.lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)]));
  } finally {
    chrome.kill();
  }
}

const webPort = await freePort();
const stack = await startLocalStack({ persistent: false, siteUrl: `http://127.0.0.1:${webPort}` });
const outDir = mkdtempSync(join(tmpdir(), 'shop-bench-web-'));
let web: { url: string; stop(): Promise<void> } | undefined;
try {
  const env = {
    VITE_SUPABASE_URL: stack.apiUrl,
    VITE_SUPABASE_ANON_KEY: stack.anonKey,
    VITE_COMMERCE_API_URL: stack.commerceUrl,
    VITE_COMMERCE_STORE_ID: stack.storeId,
    VITE_ADMIN_EMAIL: 'admin@lumiere-sacree.test',
  };
  step('production build');
  await buildWebApp(env, outDir);
  web = await serveWebApp({ mode: 'preview', port: webPort, env, outDir });

  step('JavaScript loaded by /');
  const scripts = await javascriptOfHome(`${web.url}/`);
  const totalKb = scripts.reduce((n, s) => n + s.gzipBytes, 0) / 1024;
  step('Lighthouse on /store');
  const scores = await lighthouseScores(`${web.url}/store`);

  const lines = [
    '',
    'JavaScript loaded by / (gzip -9):',
    ...scripts.map((s) => `  ${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(s.url).pathname}`),
    `  ${totalKb.toFixed(1).padStart(7)} KB  total (target < ${sizeTargetKb} KB)`,
    '',
    'Lighthouse /store (headless Chromium):',
    ...Object.entries(scores).map(([id, score]) => `  ${id.padEnd(16)} ${score}  (target ≥ ${scoreTarget})`),
  ];
  console.log(lines.join('\n'));
  process.exitCode = totalKb < sizeTargetKb && Object.values(scores).every((s) => s >= scoreTarget) ? 0 : 1;
} finally {
  await web?.stop();
  await stack.stop();
  rmSync(outDir, { recursive: true, force: true });
}
