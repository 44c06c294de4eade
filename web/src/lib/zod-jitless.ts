/**
 * `zod` in the browser bundle (web/vite.config.ts aliases it here): zod itself, set to parse
 * without compiled validators. The site's CSP has no 'unsafe-eval', and zod's probe for it
 * (`new Function`) is reported as a CSP violation — a console error on every page that parses.
 * The server keeps zod's default (the alias is the web build's only).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
