#!/usr/bin/env node
// The npm registry these machines reach carries only some platforms' prebuilt binaries (for
// example no Android or macOS build of @biomejs/cli at 2.6.x). npm writes no lock entry for an
// optional dependency it cannot fetch, and `npm ci` then refuses the lock as out of sync. This
// drops, from every locked package, optional-dependency edges to packages the lock does not hold,
// so the lock describes exactly what installs here. Run after `npm install`: npm run lock:prune
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const present = new Set(Object.keys(lock.packages).map((p) => p.replace(/^.*node_modules\//, '')));
let dropped = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  if (!pkg.optionalDependencies) continue;
  for (const name of Object.keys(pkg.optionalDependencies)) {
    // Resolution looks in the package's own node_modules first, then upwards; a hoisted copy counts.
    if (present.has(name) || lock.packages[`${path}/node_modules/${name}`]) continue;
    delete pkg.optionalDependencies[name];
    dropped++;
  }
  if (Object.keys(pkg.optionalDependencies).length === 0) delete pkg.optionalDependencies;
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: dropped ${dropped} optional dependencies this registry does not carry`);
