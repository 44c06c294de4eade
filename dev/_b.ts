import { build } from 'esbuild';
const t=Date.now();
await build({bundle:true,platform:'node',target:'node22',format:'esm',outExtension:{'.js':'.mjs'},mainFields:['module','main'],minify:true,sourcemap:true,
 banner:{js:"import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);"},
 external:['@aws-sdk/*','sharp'],logLevel:'warning',absWorkingDir:process.cwd(),
 entryPoints:{'search/index':'functions/src/http/listings/search-listings.ts','page/index':'functions/src/http/seo/render-page.ts','me/index':'functions/src/http/me/get-me.ts'},outdir:'.local/bx'});
console.log('build ms',Date.now()-t);
