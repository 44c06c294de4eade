import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cognitoTriggers } from '../functions/src/cognito-triggers.js';
import { eventSubscriptions } from '../functions/src/events.js';
import { jobs } from '../functions/src/jobs.js';
import { routes } from '../functions/src/routes.js';
import { REPO_ROOT } from './config.js';

const handlerFile = (h: string) => path.join(REPO_ROOT, 'functions', 'src', h);

describe('the tables the local cloud mounts', () => {
  it('name handler files that exist, for routes, jobs, event subscriptions and user-pool triggers', () => {
    const handlers = [
      ...routes.map((r) => r.handler),
      ...jobs.map((j) => j.handler),
      ...eventSubscriptions.map((s) => s.handler),
      ...Object.values(cognitoTriggers),
    ];
    expect(handlers.filter((h) => !existsSync(handlerFile(h)))).toEqual([]);
  });

  it('give every route, job and subscription a unique id', () => {
    for (const ids of [routes.map((r) => r.id), jobs.map((j) => j.id), eventSubscriptions.map((s) => s.id)]) {
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('never mount two routes on the same method and path', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});
