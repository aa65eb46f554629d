// The name a delivered file is saved under: « <product> - <variant>.<extension> », in the shop's
// own French titles, so a buyer's downloads folder reads like the library. Characters that
// Windows, macOS or Linux refuse in a file name are removed.

// Reserved on Windows (the strictest), plus control characters; '/' also on the others.
const forbidden = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
/** Far below every file system's 255 bytes, even in UTF-8 with accents. */
const maxTitleChars = 120;

const clean = (title: string | null | undefined) => (title ?? '').replace(forbidden, '').replace(/\s+/g, ' ').trim();

/** `objectPath` is the original's, whose extension says what the file is (.pdf, .wav, .mp4…). */
export function deliveryFileName(productTitle: string, variantTitle: string | null, objectPath: string): string {
  // A variant named like its product, or an empty title, adds nothing.
  const title = [clean(productTitle), clean(variantTitle)].filter((part, i, parts) => part && parts.indexOf(part) === i).join(' - ');
  // Windows drops a trailing dot or space, which would change the extension it shows.
  const base = Array.from(title).slice(0, maxTitleChars).join('').replace(/[. ]+$/, '') || 'Fichier';
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(objectPath)?.[1]?.toLowerCase();
  return extension ? `${base}.${extension}` : base;
}
