// A delivered PDF read as a reader would: poppler's pdftotext (the tests' only subprocess, Debian
// poppler-utils) gives each page's text, and with -bbox each word's box in the page as shown
// (top-left origin, cropped, /Rotate applied), so a test can say where the footer sits.

async function pdftotext(pdf: Uint8Array, args: string[]): Promise<string> {
  const child = new Deno.Command('pdftotext', { args: [...args, '-', '-'], stdin: 'piped', stdout: 'piped', stderr: 'piped' }).spawn();
  // Read while writing: a large output would otherwise fill the pipe and stall both sides.
  const output = child.output();
  const writer = child.stdin.getWriter();
  await writer.write(pdf);
  await writer.close();
  const { code, stdout, stderr } = await output;
  if (code !== 0) throw new Error(`pdftotext exited with ${code}: ${new TextDecoder().decode(stderr)}`);
  return new TextDecoder().decode(stdout);
}

/** The text of each page, in order, whitespace collapsed. */
export async function pageTexts(pdf: Uint8Array): Promise<string[]> {
  const pages = (await pdftotext(pdf, ['-enc', 'UTF-8'])).split('\f');
  // pdftotext ends every page with a form feed, so the last piece is what follows the last page.
  return pages.slice(0, -1).map((page) => page.replace(/\s+/g, ' ').trim());
}

/** Every line of every page as laid out (-layout), spaces of any kind collapsed: a table row reads as one line. */
export async function layoutLines(pdf: Uint8Array): Promise<string[]> {
  return (await pdftotext(pdf, ['-enc', 'UTF-8', '-layout']))
    .split(/[\n\f]/)
    .map((line) => line.replace(/[\s\u00a0\u202f]+/g, ' ').trim())
    .filter(Boolean);
}

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

export interface ShownPage {
  width: number;
  height: number;
  words: Word[];
}

const unescape = (html: string) => html.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');

/** Each page as shown, with the box of every word. */
export async function shownPages(pdf: Uint8Array): Promise<ShownPage[]> {
  const html = await pdftotext(pdf, ['-enc', 'UTF-8', '-bbox', '-cropbox']);
  return [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map(([, width, height, body]) => ({
    width: Number(width),
    height: Number(height),
    words: [...body!.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(([, xMin, yMin, xMax, yMax, text]) => ({
      text: unescape(text!),
      xMin: Number(xMin),
      yMin: Number(yMin),
      xMax: Number(xMax),
      yMax: Number(yMax),
    })),
  }));
}
