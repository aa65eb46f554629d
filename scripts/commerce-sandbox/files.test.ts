// The sample files the shop delivers and the images the sandbox serves: every variant maps to a
// sample file, each file's bytes follow its format (PDF xref offsets, WAV header, WebM tracks a
// browser plays, ZIP), and the sandbox serves no digital file: paid files live in the private bucket.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/paths.ts';
import { variantsById } from './catalogue.ts';
import { digitalFileMap, sampleDeliverables } from './digital-files.ts';
import { useSandbox } from './test-support.ts';

const shop = useSandbox();
const samples = new Map(sampleDeliverables().map((sample) => [sample.objectPath, { contentType: sample.contentType, bytes: sample.bytes() }]));

function sample(name: string): { type: string; bytes: Buffer } {
  const found = samples.get(`products/${name}`);
  expect(found, name).toBeDefined();
  return { type: found!.contentType, bytes: found!.bytes };
}

describe('digitalFileMap', () => {
  it('maps every catalogue variant to a sample file of the right type', () => {
    const map = digitalFileMap();
    expect(map.map((entry) => entry.variant_id).sort()).toEqual([...variantsById.keys()].sort());
    const extensionOf = { pdf: 'pdf', audio: 'wav', video: 'webm', other: 'zip' } as const;
    expect(new Set(map.map((entry) => entry.file_type))).toEqual(new Set(['pdf', 'audio', 'video', 'other']));
    for (const entry of map) {
      expect(entry.object_path).toMatch(new RegExp(`^products/[a-z0-9-]+\\.${extensionOf[entry.file_type]}$`));
      expect(samples.get(entry.object_path)?.bytes.length, entry.object_path).toBeGreaterThan(100);
    }
  });

  it('agrees with the file map the database seed loads', () => {
    const seed = readFileSync(join(repoRoot, 'supabase', 'seed.sql'), 'utf8');
    const seeded = [...seed.matchAll(/\('(var_[a-z0-9_]+)', '(products\/[^']+)', '(\w+)'\)/g)].map(([, variant_id, object_path, file_type]) => ({ variant_id, object_path, file_type }));
    expect(seeded.sort((a, b) => a.variant_id!.localeCompare(b.variant_id!))).toEqual(digitalFileMap().sort((a, b) => a.variant_id.localeCompare(b.variant_id)));
  });

  it('serves no digital file publicly, whatever the name', async () => {
    for (const path of ['/files/eveil-du-coeur.pdf', '/files/rituel-pleine-lune.webm', '/products/eveil-du-coeur.pdf']) {
      expect((await fetch(`${shop.sandbox.url}${path}`)).status, path).toBe(404);
    }
  });
});

describe('file formats', () => {
  it('makes a PDF 1.4 whose cross-reference table points at its objects', () => {
    const { type, bytes } = sample('eveil-du-coeur.pdf');
    expect(type).toBe('application/pdf');
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
    expect(Number(first)).toBe(0);
    const entries = text.slice(startxref).split('\n').slice(2, 2 + Number(count));
    entries.slice(1).forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(text).toMatch(/\/Type \/Page\b/);
    const length = Number(/<< \/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(streamStart + length, streamStart + length + '\nendstream'.length)).toBe('\nendstream');
    // WinAnsi: É is 0xC9 and œ is 0x9C, so the title reads right in any viewer.
    expect(text).toContain("(L'\xc9veil du C\x9cur) Tj");
  });

  it('makes a 16-bit mono PCM WAV of a few seconds', () => {
    const { type, bytes } = sample('meditation-lumiere-interieure.wav');
    expect(type).toBe('audio/wav');
    expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
    expect(bytes.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(bytes.readUInt16LE(20)).toBe(1);
    expect(bytes.readUInt16LE(22)).toBe(1);
    expect(bytes.readUInt16LE(34)).toBe(16);
    const sampleRate = bytes.readUInt32LE(24);
    expect(bytes.readUInt32LE(28)).toBe(sampleRate * 2);
    expect(bytes.toString('ascii', 36, 40)).toBe('data');
    const seconds = bytes.readUInt32LE(40) / (sampleRate * 2);
    expect(seconds).toBeGreaterThanOrEqual(2);
    let peak = 0;
    for (let at = 44; at < bytes.length; at += 2) peak = Math.max(peak, Math.abs(bytes.readInt16LE(at)));
    expect(peak).toBeGreaterThan(5000);
    expect(peak).toBeLessThan(32767);
  });

  it('delivers each ritual its own small WebM, VP9 video with Opus sound, as Chromium plays inline', () => {
    const videos = [...samples].filter(([, { contentType }]) => contentType === 'video/webm');
    expect(videos.map(([path]) => path).sort()).toEqual(
      ['flamme-interieure', 'rituel-aube', 'rituel-pleine-lune', 'rituel-purification', 'rituel-solstice'].map((slug) => `products/${slug}.webm`),
    );
    for (const [path, { bytes }] of videos) {
      expect(bytes.readUInt32BE(0), path).toBe(0x1a45dfa3); // EBML
      const header = bytes.toString('latin1', 0, 64);
      expect(header, path).toContain('\x42\x82\x84webm'); // DocType "webm"
      const text = bytes.toString('latin1');
      expect(text, path).toContain('\x86\x85V_VP9'); // CodecID of the video track
      expect(text, path).toContain('\x86\x86A_OPUS'); // CodecID of the sound track
      expect(bytes.length, path).toBeGreaterThan(20_000);
      expect(bytes.length, path).toBeLessThan(1024 * 1024);
    }
    expect(new Set(videos.map(([, { bytes }]) => bytes.toString('base64'))).size).toBe(videos.length);
  });

  it('makes the bundle a ZIP archive', () => {
    const { type, bytes } = sample('coffret-chemin-lumiere.zip');
    expect(type).toBe('application/zip');
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    const end = bytes.length - 22;
    expect(bytes.readUInt32LE(end)).toBe(0x06054b50);
    const entries = bytes.readUInt16LE(end + 10);
    expect(entries).toBe(3);
    expect(bytes.readUInt32LE(bytes.readUInt32LE(end + 16))).toBe(0x02014b50);
  });
});

describe('product images', () => {
  it('serves a generated SVG with the product title', async () => {
    const response = await fetch(`${shop.sandbox.url}/images/rituel-pleine-lune-2.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await response.text();
    expect(svg).toMatch(/^<\?xml[^>]*\?>\s*<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('Rituel de la Pleine Lune');
    expect(svg).toMatch(/<circle /);
  });

  it('answers 404 for an unknown product or image number', async () => {
    expect((await fetch(`${shop.sandbox.url}/images/inconnu-1.svg`)).status).toBe(404);
    expect((await fetch(`${shop.sandbox.url}/images/rituel-pleine-lune-5.svg`)).status).toBe(404);
  });
});
