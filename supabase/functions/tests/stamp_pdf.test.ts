// The stamp alone, on PDFs made here (no stack): the footer is on every page, in the bottom margin
// of the page as shown whatever its rotation or crop, untouched by a graphics state the page
// leaves behind, shrunk to fit a narrow page, and a name outside WinAnsi still stamps.
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { stampPdf } from '../issue-download/stamp.ts';
import { makePdf } from './pdf_fixtures.ts';
import { pageTexts, type ShownPage, shownPages } from './pdf_text.ts';

const footer = 'Exemplaire personnel de Marie Dupont · marie@example.test · commande 3F2A9C1B';

/** The footer's words on a shown page: the run of words that spells it. */
function footerWords(page: ShownPage) {
  const start = page.words.findIndex((w) => w.text === 'Exemplaire');
  assert.ok(start >= 0, `no footer among ${page.words.map((w) => w.text).join(' ')}`);
  return page.words.slice(start, start + footer.split(' ').length);
}

function assertInBottomMargin(page: ShownPage, label: string) {
  const words = footerWords(page);
  const left = Math.min(...words.map((w) => w.xMin));
  const right = Math.max(...words.map((w) => w.xMax));
  const top = Math.min(...words.map((w) => w.yMin));
  const bottom = Math.max(...words.map((w) => w.yMax));
  assert.ok(bottom <= page.height && top >= page.height - 30, `${label}: footer between y ${top} and ${bottom} on a page ${page.height} high`);
  assert.ok(bottom - top < 12, `${label}: one small line, not rotated across the page (${bottom - top} pt high)`);
  assert.ok(left >= 0 && right <= page.width, `${label}: footer inside the page (${left}–${right} of ${page.width})`);
  assert.ok(Math.abs((left + right) / 2 - page.width / 2) < 3, `${label}: footer centred (${left}–${right} of ${page.width})`);
}

Deno.test('every page carries the footer, in the bottom margin of the page as shown', async () => {
  const original = await makePdf([{}, { rotation: 90 }, { rotation: 180 }, { rotation: 270 }, { cropBox: [50, 80, 400, 600] }, { leavesStateChanged: true }]);
  const stamped = await stampPdf(original, footer);

  const texts = await pageTexts(stamped);
  assert.equal(texts.length, 6);
  texts.forEach((text, i) => {
    assert.ok(text.includes(`Chapitre ${i + 1}`), `page ${i + 1} keeps its own text: ${text}`);
    assert.ok(text.includes(footer), `page ${i + 1} shows the footer: ${text}`);
  });
  const labels = ['upright', 'rotated 90°', 'rotated 180°', 'rotated 270°', 'cropped', 'after an unbalanced transformation'];
  (await shownPages(stamped)).forEach((page, i) => {
    // pdftotext gives word boxes as the page is shown but its size unrotated.
    const turned = i === 1 || i === 3;
    assertInBottomMargin(turned ? { ...page, width: page.height, height: page.width } : page, labels[i]!);
  });
});

Deno.test('the footer shrinks to fit a narrow page', async () => {
  const stamped = await stampPdf(await makePdf([{ size: [200, 300] }]), footer);
  const [page] = await shownPages(stamped);
  assertInBottomMargin(page!, 'narrow page');
  assert.ok((await pageTexts(stamped))[0]!.includes(footer));
});

Deno.test('the subject names the buyer; the original bytes and its title are kept', async () => {
  const original = await makePdf([{}]);
  const before = original.slice();
  const stamped = await PDFDocument.load(await stampPdf(original, footer));
  assert.deepEqual(original, before);
  assert.equal(stamped.getSubject(), footer);
  assert.equal(stamped.getTitle(), "L'Éveil du Cœur");
});

Deno.test('letters the standard font cannot draw lose their accents or become ?, and the copy is still made', async () => {
  const name = 'Exemplaire personnel de Nguyễn Łukasz Wróbel 李 · commande 3F2A9C1B';
  const stamped = await stampPdf(await makePdf([{}]), name);
  assert.ok((await pageTexts(stamped))[0]!.includes('Exemplaire personnel de Nguyen ?ukasz Wróbel ? · commande 3F2A9C1B'));
  assert.equal((await PDFDocument.load(stamped)).getSubject(), name, 'the subject keeps every letter');
});

Deno.test('a file that is not a PDF is refused, not stamped', async () => {
  await assert.rejects(stampPdf(new TextEncoder().encode('RIFF....WAVEfmt '), footer));
});
