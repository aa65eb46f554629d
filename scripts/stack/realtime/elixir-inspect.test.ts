import { describe, expect, it } from 'vitest';
import { elixirInspect } from './elixir-inspect.ts';

describe("Elixir's inspect of a string", () => {
  it('quotes a printable string with Elixir’s escapes, the start of an interpolation included', () => {
    expect(elixirInspect('2e009223-94eb-49e9-960c-cb00070fed8f')).toBe('"2e009223-94eb-49e9-960c-cb00070fed8f"');
    expect(elixirInspect('a"b\\c\n#{x}é')).toBe('"a\\"b\\\\c\\n\\#{x}é"');
    expect(elixirInspect('')).toBe('""');
  });

  it('cuts a printable string after 4096 characters', () => {
    expect(elixirInspect('k'.repeat(4096))).toBe(`"${'k'.repeat(4096)}"`);
    expect(elixirInspect('k'.repeat(4097))).toBe(`"${'k'.repeat(4096)}" <> ...`);
  });

  it('shows a string with a control character as the bytes of a binary, cut after 50', () => {
    expect(elixirInspect('k\u0000é')).toBe('<<107, 0, 195, 169>>');
    expect(elixirInspect('\u0001'.repeat(51))).toBe(`<<${Array(50).fill(1).join(', ')}, ...>>`);
  });
});
