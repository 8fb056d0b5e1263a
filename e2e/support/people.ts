import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test, type APIRequestContext } from '@playwright/test';
import { leaveLoginBudget, signInOnce } from './pod';

/**
 * The people of a spec, each signed in once for the whole spec (logins are rate-limited and the
 * suite shares one server): `api.<who>` is their API session, `state.<who>` the storage state
 * their phones open with (`test.use({ storageState: people.state.crew })`). Registers the spec's
 * beforeAll and afterAll; call it at the top of the spec file.
 */
export function signInPeople<Who extends string>(spec: string, niks: Record<Who, string>) {
  const who = Object.keys(niks) as Who[];
  const state = Object.fromEntries(who.map((w) => [w, path.resolve(`test-results/.auth/${spec}-${w}.json`)])) as Record<Who, string>;
  const api = {} as Record<Who, APIRequestContext>;
  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(150_000);
    mkdirSync(path.resolve('test-results/.auth'), { recursive: true });
    for (const w of who) api[w] = await signInOnce(baseURL!, niks[w], state[w]);
  });
  test.afterAll(async () => {
    test.setTimeout(90_000);
    await Promise.all(who.map((w) => api[w]?.dispose()));
    await leaveLoginBudget();
  });
  return { api, state };
}
