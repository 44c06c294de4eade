/**
 * `npm run gen:cn`: writes web/src/lib/cn-config.generated.ts, tailwind-merge's own default
 * configuration cut down to the web app's classes.
 *
 * tailwind-merge's full default configuration (~380 class groups, all of Tailwind) is 6 KB gzip of
 * the home page's JavaScript and tens of milliseconds of a phone's main thread to build its tables.
 * The app uses a few hundred classes in about a hundred groups, and Tailwind styles only classes
 * written out in the source. So the generated configuration keeps the library's groups that the
 * words of web/src belong to (a class is in a group when the library, given only that group, merges
 * it with itself), each listing those classes by name, with the library's conflicts between them.
 * web/src/lib/cn.test.ts checks every pair of the app's classes against the full library, and fails
 * when the file is stale.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';

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

/** Everything before a class's last top-level ':' (its modifiers), and the rest. */
export function splitModifiers(c: string): [string, string] {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < c.length; i++) {
    if (c[i] === '[') depth++;
    else if (c[i] === ']') depth--;
    else if (c[i] === ':' && depth === 0) last = i;
  }
  return [c.slice(0, last + 1), c.slice(last + 1)];
}

/**
 * What tailwind-merge looks a class up by: without modifiers, `!` and a leading `-`, and without a
 * `/…` postfix when the part before it is a class on its own (`bg-white/10` → `bg-white`).
 */
function lookupBase(c: string): string {
  const base = splitModifiers(c)[1].replace(/^!|!$/g, '').replace(/^-/, '');
  const slash = base.lastIndexOf('/');
  const before = slash > 0 && !base.slice(slash).includes(']') ? base.slice(0, slash) : '';
  return before && twMerge(`${before} ${before}`) === before ? before : base;
}

type AnyGroups = Record<string, unknown[]>;

/** A tailwind-merge made from `config` with `classGroups` in place of its own. */
const mergerWith = (config: AnyConfig, classGroups: AnyGroups) => createTailwindMerge(() => ({ ...config, classGroups }) as AnyConfig);

/**
 * Each class group (in the default configuration's order) with the classes of `classes` in it, as
 * literal class names. A class two groups accept (`text-sm`: a font size, or a text colour by the
 * letter of the rules) goes where the library itself puts it: the first of them with which every
 * pair of the app's classes merges as the library merges them.
 */
export function literalGroups(classes: string[], config: AnyConfig = getDefaultConfig() as AnyConfig): AnyGroups {
  // An arbitrary property ([overflow-wrap:anywhere]) is merged by the library itself, by property name.
  const grouped = classes.filter((c) => !/^([^[\]:]+:)*!?\[/.test(c));
  const order = Object.keys(config.classGroups);
  const singles = order.map(
    (g) =>
      [
        g,
        createTailwindMerge(() => ({
          ...config,
          classGroups: { [g]: config.classGroups[g] },
          conflictingClassGroups: {},
          conflictingClassGroupModifiers: {},
          postfixLookupClassGroups: [],
        })),
      ] as const,
  );
  const candidates = new Map<string, string[]>();
  for (const c of grouped) {
    const base = lookupBase(c);
    if (candidates.has(base)) continue;
    const gs = singles.filter(([, only]) => only(`${c} ${c}`) === c).map(([g]) => g);
    if (gs.length) candidates.set(base, gs);
  }
  const choice = new Map([...candidates].map(([base, gs]) => [base, gs[0] as string]));
  const build = () => {
    const groups: AnyGroups = {};
    for (const g of order) {
      const members = [...choice].filter(([, cg]) => cg === g).map(([base]) => base);
      if (members.length) groups[g] = members.sort();
    }
    return groups;
  };
  const agrees = (merge: (s: string) => string, c: string) =>
    classes.every((d) => merge(`${c} ${d}`) === twMerge(`${c} ${d}`) && merge(`${d} ${c}`) === twMerge(`${d} ${c}`));
  for (const [base, gs] of candidates) {
    if (gs.length < 2) continue;
    const users = grouped.filter((c) => lookupBase(c) === base);
    const fits = gs.find((g) => {
      choice.set(base, g);
      const merge = mergerWith(config, build());
      return users.every((c) => agrees(merge, c));
    });
    if (!fits) throw new Error(`No class group of tailwind-merge merges ${base} as the library does`);
    choice.set(base, fits);
  }
  return build();
}

export function generate(): string {
  const config = getDefaultConfig() as AnyConfig;
  const groups = literalGroups(appClasses(), config);
  const keep = new Set(Object.keys(groups));
  const groupsSrc = Object.entries(groups)
    .map(([g, members]) => `  ${JSON.stringify(g)}: ${JSON.stringify(members)},`)
    .join('\n');
  const conflicts = Object.keys(groups)
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
// its class groups that web/src's classes belong to, each with those classes by name. Do not edit.

export const classGroups: Record<string, string[]> = {
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
