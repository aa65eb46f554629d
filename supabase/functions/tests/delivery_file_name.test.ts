// The name a delivered file is saved under, alone (no stack).
import assert from 'node:assert/strict';
import { deliveryFileName } from '../issue-download/file-name.ts';

Deno.test('product and variant titles, in French, with the original\'s extension', () => {
  assert.equal(deliveryFileName("L'Éveil du Cœur", 'PDF', 'products/eveil-du-coeur.pdf'), "L'Éveil du Cœur - PDF.pdf");
  assert.equal(deliveryFileName('Voyage à travers les Chakras', '45 min', 'products/chakras.WAV'), 'Voyage à travers les Chakras - 45 min.wav');
});

Deno.test('characters file systems refuse are removed, spaces collapsed', () => {
  assert.equal(deliveryFileName('Rituel : « Aube » / Crépuscule?', 'HD*1080p|"', 'products/rituel.mp4'), 'Rituel « Aube » Crépuscule - HD1080p.mp4');
  assert.equal(deliveryFileName('Carnet\u0000\tà\nimprimer', null, 'products/carnet.zip'), 'Carnet à imprimer.zip');
});

Deno.test('an empty or repeated variant adds nothing; a name never ends in a dot or space before its extension', () => {
  assert.equal(deliveryFileName('Le Souffle Sacré', '', 'products/souffle.pdf'), 'Le Souffle Sacré.pdf');
  assert.equal(deliveryFileName('Le Souffle Sacré', 'Le Souffle Sacré', 'products/souffle.pdf'), 'Le Souffle Sacré.pdf');
  assert.equal(deliveryFileName('Les Sept Portes...', null, 'products/portes.pdf'), 'Les Sept Portes.pdf');
  assert.equal(deliveryFileName('???', '', 'products/x.pdf'), 'Fichier.pdf');
});

Deno.test('a very long title is cut, keeping whole letters and the extension', () => {
  const name = deliveryFileName('É'.repeat(300), null, 'products/long.pdf');
  assert.equal(name, `${'É'.repeat(120)}.pdf`);
});
