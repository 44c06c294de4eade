import { z } from 'zod';

/**
 * Zod 4 compiles object parsers with `new Function` unless told not to. The CSP allows no eval
 * (shared/security-headers.ts), so that never worked in the browser anyway, and zod's probe for it
 * made Chrome report a violation ("'script-src' was not explicitly set…") on every page that
 * defines a schema. Imported first by main.tsx: zod decides when each object schema is created.
 */
z.config({ jitless: true });
