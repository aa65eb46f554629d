import { describe, expect, it } from 'vitest';
import { checkChosenFile } from '@/features/admin/lib/check-chosen-file';

const bytes = (...parts: Array<string | number[]>): Uint8Array<ArrayBuffer> =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));

/** A file whose name and declared type lie: only the content may decide. */
const file = (content: Uint8Array<ArrayBuffer>, name = 'enseignement.pdf', type = 'application/pdf') => new File([content, new Uint8Array(256)], name, { type });

const riff = (form: string) => bytes('RIFF', [0x24, 0, 0, 0], form);
const ftyp = (brand: string) => bytes([0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 0, 0]);
const ebml = (docType: string) => bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], docType);

describe('checkChosenFile: the content decides, never the name', () => {
  it.each([
    ['a PDF', bytes('%PDF-1.7\n'), 'pdf', 'application/pdf'],
    ['an MP3 with an ID3 tag', bytes('ID3', [4, 0, 0]), 'audio', 'audio/mpeg'],
    ['an MP3 starting on a frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio', 'audio/mpeg'],
    ['an M4A', ftyp('M4A '), 'audio', 'audio/mp4'],
    ['an Ogg Vorbis', bytes('OggS', [0, 2], new Array(22).fill(0), [1], 'vorbis'), 'audio', 'audio/ogg'],
    ['a WAV', riff('WAVE'), 'audio', 'audio/wav'],
    ['a FLAC', bytes('fLaC'), 'audio', 'audio/flac'],
    ['an MP4', ftyp('isom'), 'video', 'video/mp4'],
    ['a QuickTime movie', ftyp('qt  '), 'video', 'video/quicktime'],
    ['a WebM', ebml('webm'), 'video', 'video/webm'],
    ['a Matroska video', ebml('matroska'), 'video', 'video/x-matroska'],
    ['an Ogg Theora video', bytes('OggS', [0, 2], new Array(22).fill(0), [0x80], 'theora'), 'video', 'video/ogg'],
    ['an AVI', riff('AVI '), 'video', 'video/x-msvideo'],
    ['a ZIP bundle', bytes('PK', [3, 4, 20, 0]), 'other', 'application/zip'],
  ])('recognises %s whatever it is called', async (_, content, kind, contentType) => {
    expect(await checkChosenFile(file(content, 'nom-trompeur.txt', 'text/plain'))).toMatchObject({ kind, contentType });
  });

  it.each([
    ['text named .pdf', bytes('Ceci n’est pas un PDF')],
    ['a PNG image named .mp4', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['a WebP (RIFF, neither WAVE nor AVI)', riff('WEBP')],
    ['an ADTS stream (not an MPEG audio frame)', bytes([0xff, 0xf1, 0x50, 0x80])],
    ['an HTML page', bytes('<!doctype html>')],
  ])('refuses %s', async (_, content) => {
    expect(await checkChosenFile(file(content))).toBeNull();
  });

  it('refuses an empty file', async () => {
    expect(await checkChosenFile(new File([], 'vide.pdf', { type: 'application/pdf' }))).toBeNull();
  });
});
