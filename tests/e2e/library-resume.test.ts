// Browser journeys of the library that remembers (issue 28): a teaching read to page 5 in one
// browser context opens at page 5 in another (a second device); a meditation stopped at a known
// second offers « Reprendre à 0:02 » after a reload and resumes there; « Continuer » on the
// overview leads back to it; a file the administrator marks « Lecture en ligne uniquement » has no
// 'Télécharger' but still plays; a file the administrator replaces shows « Nouvelle version » in
// its buyer's library until they open it, as the new version, and once the five-minute debounce
// has passed (moved on in the database here) one mail tells the buyer, whose link opens the library.
import type { Locator, Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pg from 'pg';
import { expect, it } from 'vitest';
import { demoAdmin, signedIn, signUpCustomer, type Account } from './support/accounts.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { cartButton, payForCart } from './support/cart.ts';

/** What the journey reads of the page's player (these Node tests are typed without the DOM). */
interface Player {
  readyState: number;
  currentTime: number;
  paused: boolean;
  muted: boolean;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'seeked' | 'timeupdate', listener: () => void, options?: { once: boolean }): void;
}

const browser = useBrowser();

const teachingTitle = 'Les Sept Portes de la Conscience';
const meditationTitle = 'Méditation de la Gratitude';
const card = (page: Page, title: string) => page.getByRole('article', { name: new RegExp(`^${title}`) });
const variantPanel = (admin: Page, title: string) => admin.getByRole('region', { name: `Variante ${title}` });
const gratitudePlayer = (page: Page) => page.getByLabel(/^Audio : Méditation de la Gratitude/);

/** A teaching of `pages` pages, each saying its number. */
async function teachingPdf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) document.addPage([595, 842]).drawText(`${teachingTitle} - page ${n}`, { x: 72, y: 770, size: 20, font });
  return Buffer.from(await document.save());
}

/** The administrator replaces a single-variant product's file on /admin/products. */
async function replaceFile(admin: Page, title: string, name: string, bytes: Buffer): Promise<void> {
  await admin.goto('/admin/products');
  const panel = variantPanel(admin, title);
  await expect.poll(() => panel.isVisible()).toBe(true);
  await panel.getByLabel('Remplacer le fichier').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  await expect.poll(() => panel.getByText(name, { exact: true }).isVisible(), { timeout: 60_000 }).toBe(true);
}

async function setOnlineOnly(admin: Page, title: string, on: boolean): Promise<void> {
  await admin.goto('/admin/products');
  const box = variantPanel(admin, title).getByRole('checkbox', { name: 'Lecture en ligne uniquement' });
  await expect.poll(() => box.isVisible()).toBe(true);
  await box.setChecked(on);
  await expect.poll(() => box.isEnabled()).toBe(true);
  await admin.reload();
  await expect.poll(() => box.isVisible()).toBe(true);
  expect(await box.isChecked()).toBe(on);
}

async function buyTeachingAndMeditation(buyer: Account): Promise<Page> {
  const page = await signedIn(browser, buyer);
  await page.goto('/product/prod_sept_portes');
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 1 article');
  await page.goto('/product/prod_gratitude');
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Panier, 2 articles');
  await payForCart(page);
  return page;
}

/** Opens the library afresh until `text` shows on the card (a save may still be on its way). */
async function libraryShows(page: Page, title: string, text: string): Promise<void> {
  await expect
    .poll(async () => {
      await page.goto('/dashboard/library');
      return card(page, title).getByText(text, { exact: true }).waitFor({ timeout: 3000 }).then(() => true, () => false);
    })
    .toBe(true);
}

interface ListedMail {
  id: string;
  to: string[];
  subject: string;
}

/** The « Nouvelle version » mails the mail sandbox's outbox holds for `email`. */
async function newVersionMails(email: string): Promise<ListedMail[]> {
  const response = await fetch(`${process.env.MAIL_API_URL}/emails?limit=100`, { headers: { Authorization: `Bearer ${process.env.MAIL_API_KEY}` } });
  const { data } = (await response.json()) as { data: ListedMail[] };
  return data.filter((mail) => mail.to.includes(email) && mail.subject.startsWith('Nouvelle version'));
}

async function readMail(id: string): Promise<{ text: string; html: string }> {
  const response = await fetch(`${process.env.MAIL_API_URL}/emails/${id}`, { headers: { Authorization: `Bearer ${process.env.MAIL_API_KEY}` } });
  return (await response.json()) as { text: string; html: string };
}

/** The five minutes after the last replacement pass for the buyer's queued mails. */
async function debouncePasses(email: string): Promise<void> {
  const db = new pg.Client({ connectionString: process.env.SUPABASE_DB_URL });
  await db.connect();
  try {
    await db.query(
      `update private.new_version_mails m set due_at = now() - interval '1 second' from auth.users u where u.id = m.user_id and u.email = $1 and m.sent_at is null`,
      [email],
    );
  } finally {
    await db.end();
  }
}

/** A run of send-confirmations, as its schedule makes one every minute. */
async function drainMails(): Promise<void> {
  const response = await fetch(`${process.env.SUPABASE_URL}/functions/v1/send-confirmations`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${process.env.SEND_CONFIRMATIONS_SECRET}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
}

/** Muted, to a known second, then played a moment and paused there: where it stopped. */
function stopAt(player: Locator, second: number): Promise<number> {
  return player.evaluate(async (media: Player, at) => {
    media.muted = true;
    await new Promise<void>((resolve) => {
      media.addEventListener('seeked', () => resolve(), { once: true });
      media.currentTime = at;
    });
    await media.play();
    media.pause();
    return media.currentTime;
  }, second);
}

it('reads to page 5 on one device and opens there on another; a meditation resumes at its second after a reload; « Continuer » leads back', async () => {
  const admin = await signedIn(browser, demoAdmin);
  await replaceFile(admin, teachingTitle, 'sept-portes-huit-pages.pdf', await teachingPdf(8));

  const buyer = await signUpCustomer('reprise');
  const laptop = await buyTeachingAndMeditation(buyer);

  // First device: the teaching opens at page 1 with nothing to resume, and is read to page 5.
  await laptop.goto('/dashboard/library');
  await expect.poll(() => card(laptop, teachingTitle).isVisible()).toBe(true);
  await card(laptop, teachingTitle).getByRole('link', { name: 'Voir' }).click();
  await expect.poll(() => laptop.getByText('Page 1 / 8').isVisible()).toBe(true);
  expect(await laptop.getByRole('button', { name: /^Reprendre à/ }).count()).toBe(0);
  for (let page = 2; page <= 5; page++) {
    await laptop.getByRole('button', { name: 'Page suivante' }).click();
    await expect.poll(() => laptop.getByText(`Page ${page} / 8`).isVisible()).toBe(true);
  }
  await expect.poll(() => laptop.getByRole('img', { name: 'Page 5 sur 8' }).isVisible()).toBe(true);
  // The device goes away with the page (pagehide sends the last save with keepalive).
  await laptop.close({ runBeforeUnload: true });

  // Second device, another browser context: the card says how far, the viewer opens at page 5.
  const phone = await signedIn(browser, buyer);
  await libraryShows(phone, teachingTitle, '5 pages lues sur 8');
  expect(await card(phone, teachingTitle).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('63');
  await card(phone, teachingTitle).getByRole('link', { name: 'Voir' }).click();
  await expect.poll(() => phone.getByText('Page 5 / 8').isVisible()).toBe(true);
  await expect.poll(() => phone.getByRole('img', { name: 'Page 5 sur 8' }).isVisible()).toBe(true);
  expect(await phone.getByRole('button', { name: 'Reprendre à la page 5' }).isVisible()).toBe(true);
  await screenshot(phone, 'library-resume-pdf');
  await phone.getByRole('button', { name: 'Recommencer' }).click();
  await expect.poll(() => phone.getByText('Page 1 / 8').isVisible()).toBe(true);
  await phone.getByRole('button', { name: 'Page suivante' }).click();
  await phone.getByRole('button', { name: 'Page suivante' }).click();
  await expect.poll(() => phone.getByText('Page 3 / 8').isVisible()).toBe(true);

  // The meditation: stopped at a known second; after a reload it offers to resume there.
  await phone.goto('/dashboard/library');
  await card(phone, meditationTitle).getByRole('link', { name: 'Voir' }).click();
  const player = gratitudePlayer(phone);
  await expect.poll(() => player.evaluate((audio: Player) => audio.readyState)).toBeGreaterThanOrEqual(1);
  const stoppedAt = await stopAt(player, 2.5);
  expect(stoppedAt).toBeGreaterThanOrEqual(2.5);
  const resume = phone.getByRole('button', { name: 'Reprendre à 0:02' });
  await expect
    .poll(async () => {
      await phone.reload();
      return resume.waitFor({ timeout: 3000 }).then(() => true, () => false);
    })
    .toBe(true);
  expect(await phone.getByRole('button', { name: 'Recommencer' }).isVisible()).toBe(true);
  await expect.poll(() => gratitudePlayer(phone).evaluate((audio: Player) => audio.currentTime)).toBeCloseTo(stoppedAt, 0);
  await screenshot(phone, 'library-resume-audio');

  // The overview's « Continuer »: the meditation, last opened, one click from where it stopped.
  await phone.goto('/dashboard');
  const continuing = phone.getByRole('region', { name: 'Continuer' });
  await expect.poll(() => continuing.getByText(meditationTitle).isVisible()).toBe(true);
  await screenshot(phone, 'library-resume-continue');
  await continuing.getByRole('link', { name: 'Reprendre à 0:02' }).click();
  await expect.poll(() => resume.isVisible()).toBe(true);
  await expect.poll(() => gratitudePlayer(phone).evaluate((audio: Player) => audio.currentTime)).toBeCloseTo(stoppedAt, 0);

  // « Reprendre à 0:02 » plays on from there.
  await gratitudePlayer(phone).evaluate((audio: Player) => void (audio.muted = true));
  await resume.click();
  await expect.poll(() => gratitudePlayer(phone).evaluate((audio: Player) => !audio.paused || audio.currentTime > 3)).toBe(true);
  expect(await gratitudePlayer(phone).evaluate((audio: Player) => audio.currentTime)).toBeGreaterThanOrEqual(stoppedAt - 0.2);
  await expect.poll(() => resume.count()).toBe(0);
});

it('a file read online only shows no download but plays; a replaced file shows « Nouvelle version » until opened, and is announced by one mail', async () => {
  const buyer = await signUpCustomer('version');
  const page = await buyTeachingAndMeditation(buyer);
  const admin = await signedIn(browser, demoAdmin);
  await setOnlineOnly(admin, meditationTitle, true);
  try {
    await page.goto('/dashboard/library');
    await expect.poll(() => card(page, meditationTitle).getByText('Lecture en ligne uniquement').isVisible()).toBe(true);
    expect(await card(page, meditationTitle).getByRole('button', { name: 'Télécharger' }).count()).toBe(0);
    expect(await card(page, teachingTitle).getByRole('button', { name: 'Télécharger' }).isVisible()).toBe(true);
    await card(page, meditationTitle).getByRole('link', { name: 'Voir' }).click();
    await expect.poll(() => gratitudePlayer(page).evaluate((audio: Player) => audio.readyState)).toBeGreaterThanOrEqual(1);
    expect(await page.getByText('Lecture impossible').count()).toBe(0);
  } finally {
    await setOnlineOnly(admin, meditationTitle, false);
  }

  // The administrator replaces the teaching: the buyer's library says so until they open it.
  await page.goto('/dashboard/library');
  expect(await card(page, teachingTitle).getByText('Nouvelle version').count()).toBe(0);
  await replaceFile(admin, teachingTitle, 'sept-portes-trois-pages.pdf', await teachingPdf(3));
  await libraryShows(page, teachingTitle, 'Nouvelle version');
  await screenshot(page, 'library-new-version');
  await card(page, teachingTitle).getByRole('link', { name: 'Voir' }).click();
  // Opened: the new version, stamped for this buyer.
  await expect.poll(() => page.getByText('Page 1 / 3').isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Retour à la bibliothèque' }).click();
  await expect.poll(() => card(page, teachingTitle).isVisible()).toBe(true);
  await expect.poll(() => card(page, teachingTitle).getByText('Nouvelle version').count()).toBe(0);

  // One mail tells the buyer, once the debounce has passed; its link opens the library.
  expect(await newVersionMails(buyer.email)).toEqual([]);
  await debouncePasses(buyer.email);
  await expect
    .poll(async () => {
      await drainMails();
      return (await newVersionMails(buyer.email)).map((mail) => mail.subject);
    })
    .toEqual([`Nouvelle version : ${teachingTitle}`]);
  await drainMails();
  expect(await newVersionMails(buyer.email)).toHaveLength(1);
  const [mail] = await newVersionMails(buyer.email);
  const { text, html } = await readMail(mail!.id);
  const libraryUrl = `${process.env.SITE_URL}/dashboard/library`;
  expect(text).toContain(`Votre bibliothèque : ${libraryUrl}`);
  expect(html).toContain(`href="${libraryUrl}"`);
  await page.goto(libraryUrl);
  await expect.poll(() => card(page, teachingTitle).isVisible()).toBe(true);
});
