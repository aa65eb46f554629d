// The "Perhaps you meant…" hints of PGRST200, PGRST202 and PGRST205, found as PostgREST finds
// them: with the fuzzyset algorithm (n-grams of 3 then 2 characters, cosine similarity, the best
// 50 re-scored by Levenshtein distance) over the names in the schema cache.
import type { Routine, SchemaCache } from './schema-cache.ts';

const normalize = (text: string) => [...text.toLowerCase()].filter((c) => /[\p{L}\p{N}\s,]/u.test(c)).join('');

function grams(text: string, size: number): Map<string, number> {
  let value = `-${normalize(text)}-`;
  if (value.length < size) value += '-'.repeat(size - value.length);
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= value.length; i++) {
    const gram = value.slice(i, i + size);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

const norm = (counts: Map<string, number>) => Math.sqrt([...counts.values()].reduce((sum, n) => sum + n * n, 0));

/** The candidates most like `value`, best first, each with its score (1 for an exact match, case aside). */
export function fuzzyMatches(candidates: readonly string[], value: string, minScore = 0.33): Array<[number, string]> {
  const exact = candidates.find((c) => c.toLowerCase() === value.toLowerCase());
  if (exact !== undefined) return [[1, exact]];
  const key = normalize(value);
  for (const size of [3, 2]) {
    const wanted = grams(value, size);
    const scored: Array<[number, string]> = [];
    for (const candidate of candidates) {
      const theirs = grams(candidate, size);
      let dot = 0;
      for (const [gram, n] of wanted) dot += n * (theirs.get(gram) ?? 0);
      if (dot > 0) scored.push([dot / (norm(wanted) * norm(theirs)), candidate]);
    }
    if (!scored.length) continue;
    scored.sort((a, b) => b[0] - a[0]);
    const rescored = scored.slice(0, 50).map(([, candidate]): [number, string] => {
      const other = normalize(candidate);
      return [1 - levenshtein(other, key) / Math.max(other.length, key.length), candidate];
    });
    rescored.sort((a, b) => b[0] - a[0]);
    const kept = rescored.filter(([score]) => score >= minScore);
    if (kept.length) return kept;
  }
  return [];
}

const best = (candidates: readonly string[], value: string, minScore?: number) => fuzzyMatches(candidates, value, minScore)[0]?.[1];

/** PGRST202: a function of a close name, or, for an existing name, its closest parameter list. */
export function noFunctionHint(cache: SchemaCache, name: string, args: string[], overloads: Routine[]): string | null {
  const list = (names: string[]) => `(${[...names].sort().join(', ')})`;
  const found = overloads.length
    ? (() => {
        const params = best(overloads.map((r) => list(r.params.map((p) => p.name))), list(args));
        return params === undefined ? undefined : `${name}${params}`;
      })()
    : best([...cache.routines.keys()], name, 0.75);
  return found === undefined ? null : `Perhaps you meant to call the function ${cache.schema}.${found}`;
}

/**
 * PGRST200: for a parent without relationships, the closest table that has some; else the
 * closest of the parent's related tables to the child (unless the child is one of them).
 */
export function noRelationshipHint(parents: string[], parent: string, child: string, related: string[] | undefined): string | null {
  if (related === undefined) {
    const table = best(parents, parent);
    return table === undefined ? null : `Perhaps you meant '${table}' instead of '${parent}'.`;
  }
  const table = fuzzyMatches(related, child).find(([score]) => score < 1)?.[1];
  return table === undefined ? null : `Perhaps you meant '${table}' instead of '${child}'.`;
}

/** PGRST205: a table or view of a close name. */
export function noTableHint(cache: SchemaCache, name: string): string | null {
  const table = best([...cache.tables.keys()], name, 0.75);
  return table === undefined ? null : `Perhaps you meant the table '${cache.schema}.${table}'`;
}
