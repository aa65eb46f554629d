// The shape the documentation keeps: short pages a newcomer reads in minutes, and nothing in them
// that points nowhere. Pure functions of a page's text and of the repository's tracked files, so
// that docs-shape.test.ts holds the repository to them and markdown-rules.test.ts shows each one
// refusing a page that breaks it.
//
// - Length: the root README at most 150 lines; any other page (docs/, a folder's README) 250.
// - Width: 120 characters a line, outside code blocks and tables.
// - Tables: no cell over 300 characters.
// - Links: every relative link names a tracked file or folder, and its `#anchor` a heading there.
// - Code paths: every path in backticks that starts at a tracked folder (of the repository or of
//   the page's own folder) names a tracked file or folder, or a place git ignores (a build's
//   output, local state). Routes (`/rest/v1/…`), bare file names, globs and placeholders are not
//   read as paths.
// - Commands: every `npm run <script>` names a script of the root package or of the page's own
//   workspace.

export const limits = { rootReadmeLines: 150, pageLines: 250, lineWidth: 120, cellLength: 300 } as const;

/** What a page is checked against: the repository's tracked paths and npm scripts. */
export interface Repository {
  /** Tracked files, relative to the root, with `/` separators. */
  files: ReadonlySet<string>;
  /** Every folder that holds a tracked file, relative to the root, without a trailing `/`. */
  folders: ReadonlySet<string>;
  /** Whether git ignores the path: what a build or a run writes, named on purpose. */
  ignored(path: string): boolean;
  /** Each package.json's folder ('' for the root) and its script names. */
  scripts: ReadonlyMap<string, ReadonlySet<string>>;
  /** The headings' anchors of a tracked Markdown file. */
  anchorsOf(file: string): ReadonlySet<string>;
}

export interface Page {
  /** Relative to the root, with `/` separators. */
  path: string;
  text: string;
}

/** Each line of the page with whether it is inside a fenced code block (fences included). */
function linesWithFences(text: string): Array<{ line: string; number: number; inCode: boolean }> {
  let inCode = false;
  return text.split('\n').map((line, index) => {
    const fence = /^\s*(```|~~~)/.test(line);
    const entry = { line, number: index + 1, inCode: inCode || fence };
    if (fence) inCode = !inCode;
    return entry;
  });
}

const isTableRow = (line: string) => line.trimStart().startsWith('|');

/** The cells of a table row, split on pipes that are not escaped or inside code spans. */
export function tableCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char === '\\' && body[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (char === '`') {
      inCode = !inCode;
      cell += char;
    } else if (char === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += char;
    }
  }
  cells.push(cell.trim());
  return cells;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings, with GitHub's `-1`, `-2` for repeated ones. */
export function anchorsOfText(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { line, inCode } of linesWithFences(text)) {
    const heading = !inCode && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = anchorOf(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** `a/b/../c` → `a/c`; null when it climbs out of the repository. */
function normalise(path: string): string | null {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

const join = (folder: string, path: string) => normalise(folder === '' ? path : `${folder}/${path}`);
const tracked = (repo: Repository, path: string) => repo.files.has(path) || repo.folders.has(path);

function lengthProblems(page: Page): string[] {
  const lines = page.text.replace(/\n$/, '').split('\n').length;
  const most = page.path === 'README.md' ? limits.rootReadmeLines : limits.pageLines;
  return lines > most ? [`${page.path}: ${lines} lines, more than ${most}`] : [];
}

function widthAndCellProblems(page: Page): string[] {
  const problems: string[] = [];
  for (const { line, number, inCode } of linesWithFences(page.text)) {
    if (inCode) continue;
    if (isTableRow(line)) {
      for (const cell of tableCells(line)) {
        if (cell.length > limits.cellLength) {
          problems.push(`${page.path}:${number}: a table cell of ${cell.length} characters, more than ${limits.cellLength}`);
        }
      }
    } else if ([...line].length > limits.lineWidth) {
      problems.push(`${page.path}:${number}: ${[...line].length} characters, more than ${limits.lineWidth}`);
    }
  }
  return problems;
}

/** The page's prose and tables, code blocks left out, code spans kept. */
const proseOf = (page: Page) =>
  linesWithFences(page.text)
    .filter((entry) => !entry.inCode)
    .map((entry) => ({ line: entry.line, number: entry.number }));

function linkProblems(page: Page, repo: Repository): string[] {
  const problems: string[] = [];
  for (const { line, number } of proseOf(page)) {
    const withoutCode = line.replace(/`[^`]*`/g, '``');
    for (const match of withoutCode.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
      const file = pathPart === '' ? page.path : join(folderOf(page.path), decodeURI(pathPart));
      if (file === null || !tracked(repo, file)) {
        problems.push(`${page.path}:${number}: the link ${target} names nothing tracked`);
      } else if (anchor !== undefined && file.endsWith('.md') && !repo.anchorsOf(file).has(decodeURIComponent(anchor))) {
        problems.push(`${page.path}:${number}: the link ${target} names no heading of ${file}`);
      }
    }
  }
  return problems;
}

/** Whether a code span reads as a path of the repository, and which one. */
export function codePathCandidates(span: string, pagePath: string, repo: Repository): string[] | null {
  let path = span.replace(/:\d+(-\d+)?$/, '');
  if (/[\s<>{}*?$'"`,;()|=]|\.\.\.|…|:/.test(path) || path.startsWith('/') || path.startsWith('-')) return null;
  if (!path.includes('/')) return null;
  path = path.replace(/\/$/, '').replace(/^\.\//, '');
  const first = path.split('/')[0]!;
  const candidates: string[] = [];
  if (first !== '..' && (repo.folders.has(first) || repo.files.has(first))) candidates.push(path);
  const local = join(folderOf(pagePath), path);
  const localFirst = local === null ? null : join(folderOf(pagePath), first);
  if (local !== null && localFirst !== null && tracked(repo, localFirst) && !candidates.includes(local)) candidates.push(local);
  return candidates.length > 0 ? candidates : null;
}

function codePathProblems(page: Page, repo: Repository): string[] {
  const problems: string[] = [];
  for (const { line, number } of proseOf(page)) {
    for (const match of line.matchAll(/`([^`]+)`/g)) {
      const candidates = codePathCandidates(match[1]!, page.path, repo);
      if (candidates !== null && !candidates.some((candidate) => tracked(repo, candidate) || repo.ignored(candidate))) {
        problems.push(`${page.path}:${number}: \`${match[1]}\` names nothing tracked`);
      }
    }
  }
  return problems;
}

function scriptProblems(page: Page, repo: Repository): string[] {
  const problems: string[] = [];
  const own = [...repo.scripts.keys()].filter((folder) => folder !== '' && (page.path.startsWith(`${folder}/`)));
  const known = (name: string) => [repo.scripts.get(''), ...own.map((folder) => repo.scripts.get(folder))].some((scripts) => scripts?.has(name));
  page.text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/\bnpm run (?:-\S+\s+)*([\w:.-]+)/g)) {
      if (!known(match[1]!)) problems.push(`${page.path}:${index + 1}: npm run ${match[1]} is no script`);
    }
  });
  return problems;
}

/** Every way the page breaks the rules above, one line each; empty when it keeps them. */
export function problemsOf(page: Page, repo: Repository): string[] {
  return [...lengthProblems(page), ...widthAndCellProblems(page), ...linkProblems(page, repo), ...codePathProblems(page, repo), ...scriptProblems(page, repo)];
}
