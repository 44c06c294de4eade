/**
 * The local mail catcher's mailbox: one JSON file per message under a directory, named by a
 * ULID so file names sort by arrival. Written atomically (temp file + rename) so readers never
 * see half a message.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isValid, monotonicFactory } from 'ulid';
import { loadConfig } from '../config.js';

export interface CaughtMail {
  id: string;
  /** ISO time the catcher received it. */
  date: string;
  /** The From header, e.g. `TruckYard <no-reply@truckyard.example>`. */
  from: string;
  /** Every envelope recipient (To, Cc and Bcc alike), as delivered. */
  to: string[];
  /** The Reply-To header, or null. */
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  /** Header name (lower case) → value as sent, e.g. `list-unsubscribe`. */
  headers: Record<string, string>;
}

/** Where the local cloud keeps caught mail: `<DATA_DIR>/mail` (`.local/mail` by default). */
export const mailDir = (dataDir: string = loadConfig().dataDir) => path.join(dataDir, 'mail');

const nextId = monotonicFactory();

const newMailId = (now = Date.now()) => nextId(now);

export async function saveMail(dir: string, mail: Omit<CaughtMail, 'id'>, now = Date.now()): Promise<CaughtMail> {
  await mkdir(dir, { recursive: true });
  const stored: CaughtMail = { id: newMailId(now), ...mail };
  const file = path.join(dir, `${stored.id}.json`);
  const tmp = `${file}.tmp`;
  await writeFile(tmp, JSON.stringify(stored, null, 2));
  await rename(tmp, file);
  return stored;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Caught messages, newest first; with `to`, only those delivered to that address. */
export async function listMail(dir: string, filter: { to?: string } = {}): Promise<CaughtMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const ids = names
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -'.json'.length))
    .filter(isValid)
    .sort()
    .reverse();
  const all = await Promise.all(ids.map((id) => getMail(dir, id)));
  return all.filter((m): m is CaughtMail => m !== null && (!filter.to || m.to.some((t) => sameAddress(t, filter.to as string))));
}

export async function getMail(dir: string, id: string): Promise<CaughtMail | null> {
  if (!isValid(id)) return null;
  try {
    return JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as CaughtMail;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export async function clearMail(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.endsWith('.json')).map((n) => rm(path.join(dir, n), { force: true })));
}
