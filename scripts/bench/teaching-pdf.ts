// The largest PDF the shop sells, made for the benches: « L'Éveil du Cœur », 84 illustrated A4
// pages (the catalogue's own description). Each page is set in Times, 46 lines of French text, or
// half that under a photograph at the head of every chapter section (one page in four): its own
// 400 × 300 pixels of noise, which no compression shrinks (a JPEG photo of that size weighs about
// as much), so the file is as heavy to parse and to write back as an exported book, about 7.7 MB.
import { deflateSync, crc32 } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const pageCount = 84;
const lineCount = 46;
const imageWidth = 400;
const imageHeight = 300;
const illustratedEvery = 4;

const sentences = [
  "Le cœur s'ouvre lorsque l'attention se pose, sans effort, sur le souffle qui va et vient.",
  'Chaque matin, prenez quelques instants pour écouter le silence qui précède la pensée.',
  "La gratitude n'est pas un sentiment que l'on attend : c'est une pratique que l'on choisit.",
  'Revenez à la présence du corps, aux pieds posés sur le sol, à la chaleur des mains jointes.',
  'Le Maître Élian enseigne que la lumière intérieure ne se cherche pas ; elle se reconnaît.',
];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of deterministic noise, different for each `seed`. */
function photograph(seed: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(imageWidth, 0);
  header.writeUInt32BE(imageHeight, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc((imageWidth * 3 + 1) * imageHeight);
  // A 32-bit linear congruential generator; Math.imul keeps every bit (a plain product would not).
  let state = Math.imul(seed + 1, 2654435761) >>> 0;
  for (let i = 0; i < rows.length; i++) {
    if (i % (imageWidth * 3 + 1) === 0) continue; // each row's filter byte: none
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    rows[i] = state >>> 24;
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

export async function eightyFourPageTeaching(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle("L'Éveil du Cœur");
  document.setAuthor('Maître Élian');
  const font = await document.embedFont(StandardFonts.TimesRoman);
  for (let n = 0; n < pageCount; n++) {
    const page = document.addPage([595, 842]);
    page.drawText(`Chapitre ${Math.floor(n / 12) + 1} — page ${n + 1}`, { x: 72, y: 790, size: 14, font });
    const illustrated = n % illustratedEvery === 0;
    if (illustrated) page.drawImage(await document.embedPng(photograph(n)), { x: 97, y: 430, width: 400, height: 300 });
    const lines = illustrated ? lineCount / 2 : lineCount;
    for (let line = 0; line < lines; line++) {
      const text = `${sentences[(n + line) % sentences.length]} ${sentences[(n + line + 2) % sentences.length]}`;
      page.drawText(text.slice(0, 95), { x: 72, y: (illustrated ? 400 : 760) - line * 15, size: 10, font });
    }
  }
  return document.save();
}
