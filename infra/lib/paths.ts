import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, resolved from this file so synth works from any working directory. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FUNCTIONS_SRC_DIR = join(REPO_ROOT, 'functions', 'src');
export const WEB_DIST_DIR = join(REPO_ROOT, 'web', 'dist');
