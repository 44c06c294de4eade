import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { routeInitialJs } from './route-size-report.js';

describe('routeInitialJs', () => {
  it("counts the entry, the app it imports, and the route's chunk with their static imports — not other routes, not CSS", () => {
    // Arrange: a build of an entry, the app, a shared chunk, two routes and a stylesheet.
    const dist = mkdtempSync(path.join(tmpdir(), 'route-size-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    const files: Record<string, string> = {
      'assets/index.js': 'boot();'.repeat(50),
      'assets/main-1.js': 'app();'.repeat(400),
      'assets/shared.js': 'react();'.repeat(300),
      'assets/home.js': 'home();'.repeat(100),
      'assets/sell.js': 'sell();'.repeat(900),
      'assets/site.css': 'body{}'.repeat(500),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dist, name), text);
    writeFileSync(
      path.join(dist, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/main.tsx'], css: ['assets/site.css'] },
        'src/main.tsx': { file: 'assets/main-1.js', imports: ['_shared.js'], dynamicImports: ['src/home-page.tsx', 'src/sell-page.tsx'] },
        '_shared.js': { file: 'assets/shared.js' },
        'src/home-page.tsx': { file: 'assets/home.js', imports: ['_shared.js'] },
        'src/sell-page.tsx': { file: 'assets/sell.js', imports: ['_shared.js'] },
      }),
    );
    // Act
    const home = routeInitialJs(dist, 'home-page.tsx');
    // Assess
    const gz = (name: string) => gzipSync(Buffer.from(files[name])).length;
    const want = ['assets/index.js', 'assets/main-1.js', 'assets/shared.js', 'assets/home.js'].reduce((sum, f) => sum + gz(f), 0);
    expect(home).toEqual({ kb: want / 1024, files: 4 });
    expect(() => routeInitialJs(dist, 'nowhere.tsx')).toThrow(/no chunk for nowhere.tsx/);
  });
});
