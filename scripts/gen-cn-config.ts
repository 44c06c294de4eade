/**
 * `npm run gen:cn`: writes web/src/lib/cn-config.generated.ts, tailwind-merge's own default
 * configuration cut down to the class groups the web app's classes belong to.
 *
 * tailwind-merge's full default configuration (~380 class groups, all of Tailwind) is 6 KB gzip of
 * the home page's JavaScript and tens of milliseconds of a phone's main thread to build its tables.
 * The app uses a few dozen groups. A class is in a group when the library, given only that group,
 * merges the class with itself; every group any token of web/src belongs to is kept whole, in the
 * library's order, so for the app's classes the cut configuration decides exactly as the full one
 * (web/src/lib/cn.test.ts checks this pairwise against the library's twMerge, and fails when a class
 * in a new group appears without the file being regenerated).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, createTailwindMerge, getDefaultConfig, twMerge, validators } from 'tailwind-merge';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_SRC = path.join(ROOT, 'web/src');
export const GENERATED = path.join(WEB_SRC, 'lib/cn-config.generated.ts');

type AnyConfig = Config<string, string>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.generated.ts') ? [full] : [];
  });
}

/** Every word of web/src that tailwind-merge knows as a class (modifiers included). */
export function appClasses(dir = WEB_SRC): string[] {
  const words = new Set<string>();
  for (const file of sourceFiles(dir))
    for (const w of readFileSync(file, 'utf8').split(/[\s'"`{}]+/)) if (w && w.length <= 80) words.add(w);
  // A class the library knows merges with itself; any other word is kept twice.
  return [...words].filter((w) => twMerge(`${w} ${w}`) === w).sort();
}

/** The default configuration's groups (in its order) that any of `classes` belongs to. */
export function groupsOf(classes: string[], config: AnyConfig = getDefaultConfig() as AnyConfig): string[] {
  // An arbitrary property ([overflow-wrap:anywhere]) is merged by the library itself, by property name.
  const grouped = classes.filter((c) => !/^([^[\]:]+:)*!?\[/.test(c));
  const kept: string[] = [];
  for (const group of Object.keys(config.classGroups)) {
    const only = createTailwindMerge(() => ({
      ...config,
      classGroups: { [group]: config.classGroups[group] },
      conflictingClassGroups: {},
      conflictingClassGroupModifiers: {},
      postfixLookupClassGroups: [],
    }));
    if (grouped.some((c) => only(`${c} ${c}`) === c)) kept.push(group);
  }
  return kept;
}

const validatorName = new Map<unknown, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));

/** Which theme key a theme getter (`fromTheme(key)`) reads: it is asked with a theme of markers. */
function themeKeyOf(getter: (theme: unknown) => unknown, keys: string[]): string {
  const markers = Object.fromEntries(keys.map((k) => [k, [k]]));
  const [key] = getter(markers) as string[];
  if (!key || !keys.includes(key)) throw new Error('A theme getter of tailwind-merge reads no known theme key');
  return key;
}

/**
 * A class definition as TypeScript source: validators by name, theme getters as `fromTheme(key)`
 * (their keys collected in `themeKeys`).
 */
function source(def: unknown, themeKeys: Set<string>, allKeys: string[]): string {
  if (typeof def === 'string') return JSON.stringify(def);
  if (typeof def === 'function') {
    const name = validatorName.get(def);
    if (name) return `v.${name}`;
    if ((def as { isThemeGetter?: boolean }).isThemeGetter) {
      const key = themeKeyOf(def as (t: unknown) => unknown, allKeys);
      themeKeys.add(key);
      return `t(${JSON.stringify(key)})`;
    }
    throw new Error(`Unknown function in tailwind-merge's configuration: ${String(def).slice(0, 80)}`);
  }
  if (Array.isArray(def)) return `[${def.map((d) => source(d, themeKeys, allKeys)).join(', ')}]`;
  if (def && typeof def === 'object')
    return `{ ${Object.entries(def)
      .map(([k, d]) => `${JSON.stringify(k)}: ${source(d, themeKeys, allKeys)}`)
      .join(', ')} }`;
  throw new Error(`Unexpected value in tailwind-merge's configuration: ${String(def)}`);
}

export function generate(): string {
  const config = getDefaultConfig() as AnyConfig;
  const classes = appClasses();
  const groups = groupsOf(classes, config);
  const keep = new Set(groups);
  const theme = config.theme as Record<string, unknown>;
  const allKeys = Object.keys(theme);
  const themeKeys = new Set<string>();
  const groupsSrc = groups.map((g) => `  ${JSON.stringify(g)}: ${source(config.classGroups[g], themeKeys, allKeys)},`).join('\n');
  // Theme values may read other theme keys: follow them until none is new.
  const themeSrc: string[] = [];
  for (const key of themeKeys) themeSrc.push(`  ${JSON.stringify(key)}: ${source(theme[key], themeKeys, allKeys)},`);
  const conflicts = groups
    .map((g) => [g, (config.conflictingClassGroups[g] ?? []).filter((c) => keep.has(c))] as const)
    .filter(([, cs]) => cs.length)
    .map(([g, cs]) => `  ${JSON.stringify(g)}: ${JSON.stringify(cs)},`)
    .join('\n');
  const modifierConflicts = Object.entries(config.conflictingClassGroupModifiers)
    .filter(([g]) => keep.has(g))
    .map(([g, cs]) => `  ${JSON.stringify(g)}: ${JSON.stringify((cs ?? []).filter((c) => keep.has(c)))},`)
    .join('\n');
  const postfix = (config.postfixLookupClassGroups ?? []).filter((g) => keep.has(g));
  return `// Generated by \`npm run gen:cn\` (scripts/gen-cn-config.ts) from tailwind-merge's default configuration:
// the ${groups.length} of its ${Object.keys(config.classGroups).length} class groups that web/src's classes belong to. Do not edit.
import { fromTheme as t, validators as v } from 'tailwind-merge';

export const theme = {
${themeSrc.join('\n')}
};

export const classGroups = {
${groupsSrc}
};

export const conflictingClassGroups: Record<string, string[]> = {
${conflicts}
};

export const conflictingClassGroupModifiers: Record<string, string[]> = {
${modifierConflicts}
};

export const postfixLookupClassGroups: string[] = ${JSON.stringify(postfix)};

export const orderSensitiveModifiers: string[] = ${JSON.stringify(config.orderSensitiveModifiers)};
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(GENERATED, generate());
  console.log(`Wrote ${path.relative(ROOT, GENERATED)}`);
}
