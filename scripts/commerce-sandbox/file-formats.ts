// Real, openable files made by code: a PDF with a text page, a WAV tone and a ZIP archive. Byte
// layouts follow the formats' specifications; nothing is downloaded. (The rituals' videos are
// committed files: samples/README.md.)
import { crc32 } from 'node:zlib';

// WinAnsiEncoding is Latin-1 plus these in 0x80–0x9f; French needs œ, the curly apostrophe
// and the euro sign. Anything else becomes '?'.
const winAnsiExtras: Record<string, number> = { '€': 0x80, '…': 0x85, 'Œ': 0x8c, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, 'œ': 0x9c };

function pdfString(text: string): Buffer {
  const codes = [...text].map((c) => winAnsiExtras[c] ?? (c.charCodeAt(0) <= 0xff && !(c.charCodeAt(0) >= 0x80 && c.charCodeAt(0) < 0xa0) ? c.charCodeAt(0) : 0x3f));
  const escaped = codes.flatMap((code) => (code === 0x28 || code === 0x29 || code === 0x5c ? [0x5c, code] : [code]));
  return Buffer.from([0x28, ...escaped, 0x29]);
}

/** A one-page PDF 1.4 with a title and paragraphs in Helvetica. */
export function pdfDocument(title: string, paragraphs: string[]): Buffer {
  const lines: Buffer[] = [Buffer.from('BT /F1 22 Tf 72 770 Td '), pdfString(title), Buffer.from(' Tj /F1 12 Tf 0 -40 Td 16 TL ')];
  for (const paragraph of paragraphs) {
    const words = paragraph.split(' ');
    let line = '';
    for (const word of words) {
      if ((line + ' ' + word).length > 80) {
        lines.push(pdfString(line.trim()), Buffer.from(" '\n"));
        line = '';
      }
      line += ` ${word}`;
    }
    lines.push(pdfString(line.trim()), Buffer.from(" '\n"), Buffer.from("() '\n"));
  }
  lines.push(Buffer.from('ET'));
  const content = Buffer.concat(lines);
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(size);
    const object = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    size += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A mono 16-bit PCM WAV: a soft chord that swells and fades. */
export function wavTone(seconds: number, baseHz: number, sampleRate = 22050): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / sampleRate;
    const envelope = Math.sin((Math.PI * i) / samples);
    const value = (Math.sin(2 * Math.PI * baseHz * t) + 0.5 * Math.sin(2 * Math.PI * baseHz * 1.5 * t) + 0.25 * Math.sin(2 * Math.PI * baseHz * 2 * t)) / 1.75;
    data.writeInt16LE(Math.round(value * envelope * 0.6 * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A ZIP archive with the entries stored uncompressed. */
export function zipArchive(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
