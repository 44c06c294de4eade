/**
 * Size rules (issue 25 §2, docs/house-rules.md "Sizes"): no non-test source file in `functions/src`
 * or `web/src` over 600 lines, and no function there over 150 lines. Part of `npm test`
 * (`npm run test:sizes`); prints each offender with its file, line and size, exits 1.
 *
 * Functions are measured on the TypeScript syntax tree (the compiler's own parser, through
 * TypeScript 7's API), from the first line of the declaration to its closing line: function
 * declarations and expressions, arrow functions, methods, constructors and accessors. A function
 * nested in another counts in its parent's lines too, so a factory that returns a store's
 * methods is measured whole.
 *
 * Not measured: test files (`*.test.ts(x)`, `*.int.test.ts`, `*.test-support.ts`) and generated
 * data (a file whose first line says `Generated … do not edit`).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

const MAX_FILE_LINES = 600;
const MAX_FUNCTION_LINES = 150;
const SCOPE = ['functions/src', 'web/src'];

/**
 * Offenders still waiting for their split, as `path` (file size) or `path#name` (a function).
 * Each entry must still offend; a stale entry is an error, so the list only shrinks.
 */
const ALLOWED: readonly string[] = [];

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST = /\.(test|int\.test|test-support)\.tsx?$/;
const GENERATED = /^\/\/.*\bGenerated\b.*\bdo not edit\b/i;

const FUNCTION_KINDS = new Set<SyntaxKind>([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

interface FunctionSize {
  name: string;
  /** 1-based line the function starts on. */
  line: number;
  lines: number;
}

export interface FileSize {
  /** Repository-relative path with forward slashes. */
  file: string;
  lines: number;
  generated: boolean;
  functions: FunctionSize[];
}

interface SizeProblem {
  /** `path` or `path#name`, the key the allow-list uses. */
  key: string;
  message: string;
}

/** Lines as an editor numbers them: a final newline does not start a new line. */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function lineOf(starts: number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Position of the first token of a node (its `pos` includes the leading trivia and comments). */
function tokenStart(text: string, pos: number): number {
  let i = pos;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end + 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else return i;
  }
}

type Named = Node & { name?: Node & { text?: string } };

function nameText(node: Node | undefined, source: SourceFile): string | undefined {
  const name = (node as Named | undefined)?.name;
  if (!name) return undefined;
  if (typeof name.text === 'string' && name.text.length > 0) return name.text;
  return source.text.slice(tokenStart(source.text, name.pos), name.end);
}

/** The name a reader would search for: the declaration's own, or what it is assigned or passed to. */
function functionName(node: Node, source: SourceFile): string {
  if (node.kind === SyntaxKind.Constructor) return `${nameText(node.parent, source) ?? '<class>'}.constructor`;
  const own = nameText(node, source);
  if (own) {
    const owner = node.parent?.kind === SyntaxKind.ClassDeclaration ? nameText(node.parent, source) : undefined;
    return owner ? `${owner}.${own}` : own;
  }
  const parent = node.parent;
  if (
    parent &&
    (parent.kind === SyntaxKind.VariableDeclaration ||
      parent.kind === SyntaxKind.PropertyAssignment ||
      parent.kind === SyntaxKind.PropertyDeclaration)
  ) {
    return nameText(parent, source) ?? '<anonymous>';
  }
  if (parent?.kind === SyntaxKind.CallExpression) {
    const callee = (parent as Node & { expression?: Node }).expression;
    const calleeText = callee ? source.text.slice(tokenStart(source.text, callee.pos), callee.end) : '';
    return `<callback of ${calleeText.split('\n')[0]}>`;
  }
  return '<anonymous>';
}

function measureSource(file: string, source: SourceFile): FileSize {
  const text = source.text;
  const starts = lineStarts(text);
  const functions: FunctionSize[] = [];
  const visit = (node: Node): void => {
    if (FUNCTION_KINDS.has(node.kind)) {
      const first = lineOf(starts, tokenStart(text, node.pos));
      const last = lineOf(starts, Math.max(node.end - 1, node.pos));
      functions.push({ name: functionName(node, source), line: first, lines: last - first + 1 });
    }
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  return { file, lines: countLines(text), generated: GENERATED.test(text.split('\n', 1)[0]), functions };
}

/**
 * Parses the files with TypeScript's parser (a throw-away project of just these files: no libs,
 * no module resolution, so only syntax is read) and measures each.
 */
export function measureFiles(root: string, files: string[]): FileSize[] {
  const dir = mkdtempSync(join(tmpdir(), 'check-sizes-'));
  const config = join(dir, 'tsconfig.json');
  const absolute = files.map((f) => resolve(root, f));
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: { noLib: true, noResolve: true, types: [], jsx: 'preserve', noEmit: true },
      files: absolute,
    }),
  );
  const api = new API({ cwd: root });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [config] });
    const program = snapshot.getProjects()[0].program;
    return absolute.map((path, i) => {
      const source = program.getSourceFile(path);
      if (!source) throw new Error(`TypeScript did not load ${files[i]}`);
      return measureSource(files[i], source);
    });
  } finally {
    api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The files the rules cover: non-test TypeScript sources under `SCOPE`. */
export function filesInScope(root: string): string[] {
  return SCOPE.flatMap((top) =>
    readdirSync(join(root, top), { recursive: true, encoding: 'utf8' })
      .map((f) => `${top}/${f.split('\\').join('/')}`)
      .filter((f) => SOURCE.test(f) && !TEST.test(f) && !f.endsWith('.d.ts') && !f.includes('/node_modules/')),
  ).sort();
}

export function findProblems(sizes: FileSize[], allowed: readonly string[] = ALLOWED): SizeProblem[] {
  const offenders: SizeProblem[] = [];
  for (const size of sizes) {
    if (!size.generated && size.lines > MAX_FILE_LINES) {
      offenders.push({ key: size.file, message: `${size.file}: ${size.lines} lines (at most ${MAX_FILE_LINES})` });
    }
    for (const fn of size.functions) {
      if (fn.lines > MAX_FUNCTION_LINES) {
        offenders.push({
          key: `${size.file}#${fn.name}`,
          message: `${size.file}:${fn.line} ${fn.name}: ${fn.lines} lines (at most ${MAX_FUNCTION_LINES})`,
        });
      }
    }
  }
  const allowSet = new Set(allowed);
  const problems = offenders.filter((o) => !allowSet.has(o.key));
  const offending = new Set(offenders.map((o) => o.key));
  for (const key of allowed) {
    if (!offending.has(key)) {
      problems.push({ key, message: `${key}: on the allow-list but no longer too long; remove it from ALLOWED` });
    }
  }
  return problems;
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const files = filesInScope(root);
  const problems = findProblems(measureFiles(root, files));
  for (const p of problems) console.error(p.message);
  if (problems.length > 0) {
    console.error(`\n${problems.length} size problem(s); see docs/house-rules.md "Sizes".`);
    process.exit(1);
  }
  console.log(
    `check-sizes: ${files.length} files in ${SCOPE.join(', ')}, each ≤ ${MAX_FILE_LINES} lines with functions ≤ ${MAX_FUNCTION_LINES} (${ALLOWED.length} allowed).`,
  );
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') main();
