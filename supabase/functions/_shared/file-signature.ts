// What a deliverable is, read from its first bytes (its "magic number"), never from its name or
// the type a browser declares. One rule for two places: the admin page checks a chosen file at
// once for a quick French message, and the attach-deliverable function checks the uploaded
// object again before it may be mapped to a variant (the page is not trusted). Pure code, no
// Deno or browser API, so both import this file.

export type DeliverableKind = 'pdf' | 'audio' | 'video' | 'other';

export interface Deliverable {
  kind: DeliverableKind;
  /** The content type the bytes are: what the object is stored and delivered as. */
  contentType: string;
  /** A short French name of the format, for the page. */
  label: string;
}

/** What the administrator reads when the bytes are none of these (the page and the function alike). */
export const unsupportedDeliverable = {
  title: 'Format de fichier non pris en charge',
  description: 'Ce fichier n’est ni un PDF, ni un audio (MP3, M4A, OGG, WAV, FLAC), ni une vidéo (MP4, WebM, MOV, AVI, MKV), ni une archive ZIP.',
} as const;

/** How many leading bytes `sniffDeliverable` needs: enough for every signature below. */
export const signatureLength = 64;

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  text.length <= bytes.length - start && [...text].every((char, i) => bytes[start + i] === char.charCodeAt(0));

const contains = (bytes: Uint8Array, text: string) => {
  for (let start = 0; start + text.length <= bytes.length; start++) if (ascii(bytes, start, text)) return true;
  return false;
};

/** ISO base media (MP4, M4A, MOV): `ftyp` at offset 4, then the major brand. */
function isoMedia(bytes: Uint8Array): Deliverable | null {
  if (!ascii(bytes, 4, 'ftyp')) return null;
  const brand = String.fromCharCode(...bytes.slice(8, 12));
  if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', contentType: 'audio/mp4', label: 'Audio M4A' };
  if (brand === 'qt  ') return { kind: 'video', contentType: 'video/quicktime', label: 'Vidéo QuickTime' };
  return { kind: 'video', contentType: 'video/mp4', label: 'Vidéo MP4' };
}

/** RIFF containers: WAVE audio or AVI video. */
function riff(bytes: Uint8Array): Deliverable | null {
  if (!ascii(bytes, 0, 'RIFF')) return null;
  if (ascii(bytes, 8, 'WAVE')) return { kind: 'audio', contentType: 'audio/wav', label: 'Audio WAV' };
  if (ascii(bytes, 8, 'AVI ')) return { kind: 'video', contentType: 'video/x-msvideo', label: 'Vidéo AVI' };
  return null;
}

/** MPEG audio: an ID3v2 tag, or a frame header (11 sync bits, layer bits not reserved). */
function mpegAudio(bytes: Uint8Array): Deliverable | null {
  const first = bytes[0] ?? 0;
  const second = bytes[1] ?? 0;
  const frameSync = first === 0xff && (second & 0xe0) === 0xe0 && (second & 0x06) !== 0;
  // 0xFFF1/0xFFF9 are ADTS AAC (layer bits 00), not MPEG audio frames.
  if (ascii(bytes, 0, 'ID3') || frameSync) return { kind: 'audio', contentType: 'audio/mpeg', label: 'Audio MP3' };
  return null;
}

/** Matroska and WebM both start with the EBML header; its DocType tells them apart. */
function ebml(bytes: Uint8Array): Deliverable | null {
  if (!(bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)) return null;
  if (contains(bytes, 'webm')) return { kind: 'video', contentType: 'video/webm', label: 'Vidéo WebM' };
  return { kind: 'video', contentType: 'video/x-matroska', label: 'Vidéo MKV' };
}

/** Ogg carries Vorbis or Opus audio, or Theora video, named in its first packet. */
function ogg(bytes: Uint8Array): Deliverable | null {
  if (!ascii(bytes, 0, 'OggS')) return null;
  if (contains(bytes, 'theora')) return { kind: 'video', contentType: 'video/ogg', label: 'Vidéo Ogg' };
  return { kind: 'audio', contentType: 'audio/ogg', label: 'Audio Ogg' };
}

/** The deliverable the leading bytes announce, or null when the shop does not sell that format. */
export function sniffDeliverable(leading: Uint8Array): Deliverable | null {
  const bytes = leading.subarray(0, signatureLength);
  if (ascii(bytes, 0, '%PDF-')) return { kind: 'pdf', contentType: 'application/pdf', label: 'PDF' };
  if (ascii(bytes, 0, 'fLaC')) return { kind: 'audio', contentType: 'audio/flac', label: 'Audio FLAC' };
  // A ZIP (a bundle of files), and not an empty archive.
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    return { kind: 'other', contentType: 'application/zip', label: 'Archive ZIP' };
  }
  return isoMedia(bytes) ?? riff(bytes) ?? ebml(bytes) ?? ogg(bytes) ?? mpegAudio(bytes);
}
