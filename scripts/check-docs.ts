/**
 * Checks that README.md and docs/*.md name only what exists (issue 24 §7): every repository path
 * they give in backticks or as a link target, and every `npm run <script>` / `npm start|test|…`
 * they mention (in inline code, code blocks or text) against package.json's scripts. Part of
 * `npm test` (`npm run test:docs`); prints each stale reference with its file and line, exits 1.
 *
 * What counts as a path (inline code, split on spaces; link targets):
 * - a token whose first segment is a top-level entry of the repository (`functions/…`, `dev/…`,
 *   `.ci/run`, `cdk.json`): it must exist as written, from the repository root;
 * - a token with a slash and a source-file extension that starts elsewhere (`http/seo/render-page.ts`,
 *   a path inside `functions/src` or `web/src` as the docs often write them): some file of the
 *   repository must end with it;
 * - a bare file name with a code extension (`search-index.ts`): some file must have that name;
 * - a relative link target (`[x](docs/local-cloud.md)`): resolved from the Markdown file's folder.
 * Not paths: URL paths (`/api/…`), URLs, tokens with placeholders (`<id>`, `{id}`, `*`, `…`, `$`),
 * and build or runtime output (`web/dist`, `cdk.out`, `.local`, `node_modules`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DocReference {
  kind: 'path' | 'link' | 'script';
  /** The path, link target or script name as written (cleaned of punctuation and line numbers). */
  value: string;
  line: number;
}

export interface DocProblem extends DocReference {
  file: string;
  message: string;
}

/** Output of builds and runs: named in docs, absent from a fresh clone. */
const GENERATED = ['web/dist', 'cdk.out', '.local', 'node_modules', 'infra/native/node_modules', 'bench/results', '.git'];
/** `npm <name>` runs the script of that name only for these (npm's run-script aliases). */
const NPM_SCRIPT_ALIASES = new Set(['start', 'test', 'stop', 'restart']);
const CODE_EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|jsx|json|md|csv|yml|yaml|sh|html|css|toml|xml)$/;
const BARE_NAME_EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|md)$/;
const PLACEHOLDER = /[<>{}*…$`'"|\\]|\.\.\.|^\.\.?\//;

/** Strips what surrounds a path in prose: brackets, trailing punctuation, `:12` or `:12-18` line numbers, `#anchors`. */
export function cleanToken(raw: string): string {
  let t = raw.trim().replace(/^[([]+/, '');
  t = t.replace(/[)\],;.!?]+$/, '');
  t = t.replace(/#.*$/, '');
  t = t.replace(/:\d+(-\d+)?$/, '');
  return t;
}

/** Every path, link target and npm script a Markdown text names, with its line (1-based). */
export function findReferences(markdown: string): DocReference[] {
  const refs: DocReference[] = [];
  const lines = markdown.split('\n');
  let inFence = false;
  lines.forEach((text, i) => {
    const line = i + 1;
    if (/^\s*(```|~~~)/.test(text)) {
      inFence = !inFence;
      return;
    }
    for (const m of text.matchAll(/\bnpm\s+(?:run(?:-script)?\s+([A-Za-z0-9][\w:.-]*)|([a-z]+)\b)/g)) {
      const name = m[1] ?? (NPM_SCRIPT_ALIASES.has(m[2]) ? m[2] : undefined);
      if (name) refs.push({ kind: 'script', value: name, line });
    }
    if (inFence) return;
    for (const m of text.matchAll(/`([^`]+)`/g)) {
      for (const token of m[1].split(/\s+/)) {
        const value = cleanToken(token);
        if (isPathCandidate(value)) refs.push({ kind: 'path', value, line });
      }
    }
    for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1];
      if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(target)) continue;
      refs.push({ kind: 'link', value: target.replace(/#.*$/, ''), line });
    }
  });
  return refs;
}

/** Whether a token from inline code names a file or folder (rather than a URL path, a key or a value). */
export function isPathCandidate(token: string): boolean {
  if (!token || token.startsWith('/') || token.startsWith('-') || token.includes('://')) return false;
  if (PLACEHOLDER.test(token) || token.includes(':') || token.includes('=') || token.includes('@')) return false;
  if (token.includes('/')) return true;
  return BARE_NAME_EXTENSIONS.test(token) && /^[\w.-]+$/.test(token);
}

/** What exists in the repository: every file and folder (relative, `/`-separated), build output aside. */
export interface RepoIndex {
  root: string;
  entries: Set<string>;
  topLevel: Set<string>;
  fileNames: Set<string>;
}

export function indexRepo(root: string): RepoIndex {
  const entries = new Set<string>();
  const fileNames = new Set<string>();
  const walk = (dir: string) => {
    for (const d of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${d.name}` : d.name;
      if (GENERATED.includes(rel) || d.name === 'node_modules') continue;
      entries.add(rel);
      if (d.isDirectory()) walk(rel);
      else fileNames.add(d.name);
    }
  };
  walk('');
  const topLevel = new Set([...entries].filter((e) => !e.includes('/')));
  return { root, entries, topLevel, fileNames };
}

function resolvesInPackage(root: string, specifier: string): boolean {
  const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  if (!existsSync(join(root, 'node_modules', pkg))) return false;
  try {
    createRequire(join(root, 'package.json')).resolve(specifier);
    return true;
  } catch {
    return existsSync(join(root, 'node_modules', specifier));
  }
}

const isGenerated = (path: string) => GENERATED.some((g) => path === g || path.startsWith(`${g}/`));

/** Why a path reference is wrong, or null when it names something that exists (or is not checked). */
export function checkPath(repo: RepoIndex, value: string): string | null {
  const path = value.replace(/\/+$/, '');
  if (isGenerated(path)) return null;
  const first = path.split('/')[0];
  if (repo.topLevel.has(first)) return repo.entries.has(path) ? null : 'no such file or folder';
  // A folder that is not at the root is an S3 prefix or a folder of a package as often as ours.
  if (!CODE_EXTENSIONS.test(path)) return null;
  if (!path.includes('/')) return repo.fileNames.has(path) ? null : 'no file of that name';
  // A file of an installed package, as imported (`altcha/altcha.css`, through the package's exports).
  if (resolvesInPackage(repo.root, path)) return null;
  for (const e of repo.entries) if (e.endsWith(`/${path}`)) return null;
  return 'no file ends with this path';
}

export function checkMarkdown(repo: RepoIndex, file: string, markdown: string, scripts: ReadonlySet<string>): DocProblem[] {
  const problems: DocProblem[] = [];
  for (const ref of findReferences(markdown)) {
    let message: string | null = null;
    if (ref.kind === 'script') {
      if (!scripts.has(ref.value)) message = 'no such script in package.json';
    } else if (ref.kind === 'link') {
      const target = relative(repo.root, resolve(repo.root, dirname(file), decodeURIComponent(ref.value)));
      if (!isGenerated(target) && !existsSync(join(repo.root, target))) message = 'link target does not exist';
    } else {
      message = checkPath(repo, ref.value);
    }
    if (message) problems.push({ ...ref, file, message });
  }
  return problems;
}

/** The Markdown files checked: README.md and docs/*.md. */
export function docFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs.sort()];
}

export function checkDocs(root: string): DocProblem[] {
  const repo = indexRepo(root);
  const scripts = new Set(Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {}));
  return docFiles(root).flatMap((f) => checkMarkdown(repo, f, readFileSync(join(root, f), 'utf8'), scripts));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkDocs(root);
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.kind} \`${p.value}\`: ${p.message}`);
  if (problems.length > 0) {
    console.error(`${problems.length} stale reference(s) in README.md and docs/ (scripts/check-docs.ts).`);
    process.exit(1);
  }
  console.log(`README.md and docs/: every path and npm script named exists (${docFiles(root).length} files).`);
}
