// Elixir's `inspect/1` of a string (Inspect.BitString with the default options), which Realtime
// puts in messages that quote what a client sent (a token's `kid`): a printable string in double
// quotes with Elixir's escapes, cut after `printable_limit` (4096) characters; anything else as
// the bytes of a binary, `<<104, 0, ...>>`, cut after `limit` (50) bytes.
const printableLimit = 4096;
const bytesLimit = 50;

const escapes = new Map([
  ['"', '\\"'],
  ['\\', '\\\\'],
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\t', '\\t'],
  ['\v', '\\v'],
  ['\b', '\\b'],
  ['\f', '\\f'],
  ['\u001b', '\\e'],
  ['\u0007', '\\a'],
]);

/** String.printable?/1: valid UTF-8 of no control character but the escaped ones. */
function printable(character: string): boolean {
  const code = character.codePointAt(0)!;
  if (escapes.has(character)) return true;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return code >= 0x20 && !(code >= 0x7f && code <= 0x9f);
}

export function elixirInspect(value: string): string {
  const characters = Array.from(value);
  const shown = characters.slice(0, printableLimit);
  if (shown.every(printable)) {
    const escaped = shown.join('').replace(/["\\\n\r\t\v\b\f\u001b\u0007]|#\{/g, (match) => escapes.get(match) ?? '\\#{');
    return characters.length > printableLimit ? `"${escaped}" <> ...` : `"${escaped}"`;
  }
  const bytes = [...Buffer.from(value, 'utf8')];
  return `<<${[...bytes.slice(0, bytesLimit).map(String), ...(bytes.length > bytesLimit ? ['...'] : [])].join(', ')}>>`;
}
