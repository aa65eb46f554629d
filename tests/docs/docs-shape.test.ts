// The repository's documentation held to markdown-rules.ts: the root README, every page of docs/
// and every folder's README. A failure names the page, the line and what to fix.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/paths.ts';
import { anchorsOfText, problemsOf, type Repository } from './markdown-rules.ts';

/** Tracked files, and new ones not ignored, so that a page written but not yet added is checked too. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '');

function ignoredByGit(path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--quiet', '--no-index', path], { cwd: repoRoot });
    return true;
  } catch {
    return false;
  }
}

function repository(): Repository {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
  }
  const scripts = new Map<string, Set<string>>();
  for (const manifest of files.filter((file) => file === 'package.json' || file.endsWith('/package.json'))) {
    const { scripts: named = {} } = JSON.parse(readFileSync(join(repoRoot, manifest), 'utf8')) as { scripts?: Record<string, string> };
    scripts.set(manifest === 'package.json' ? '' : manifest.slice(0, -'/package.json'.length), new Set(Object.keys(named)));
  }
  const anchors = new Map<string, Set<string>>();
  return {
    files: new Set(files),
    folders,
    // A folder's pattern (`dist/`) matches only a path read as a folder: asked both ways.
    ignored: (path) => [path, `${path}/`].some(ignoredByGit),
    scripts,
    anchorsOf(file) {
      if (!anchors.has(file)) anchors.set(file, anchorsOfText(readFileSync(join(repoRoot, file), 'utf8')));
      return anchors.get(file)!;
    },
  };
}

const pages = files.filter((file) => file === 'README.md' || file.endsWith('/README.md') || (file.startsWith('docs/') && file.endsWith('.md')));

describe('the documentation', () => {
  const repo = repository();

  it('has the README, a docs/ folder and the folder READMEs', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'supabase/README.md', 'supabase/functions/README.md', 'web/README.md']));
    expect(pages.filter((page) => page.startsWith('docs/')).length).toBeGreaterThan(5);
  });

  it.each(pages)('%s keeps the shape', (page) => {
    expect(problemsOf({ path: page, text: readFileSync(join(repoRoot, page), 'utf8') }, repo)).toEqual([]);
  });
});
