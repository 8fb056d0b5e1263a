import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/architecture.md "How to add an area": every area that has both a server module and a web
// feature carries every part of the template, under the same name in each place.
const root = new URL('../', import.meta.url);
const has = (path: string) => existsSync(new URL(path, root));
const dirs = (path: string) => readdirSync(new URL(path, root), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

const serverAreas = dirs('apps/server/src/modules/');
const webAreas = dirs('apps/web/src/features/');
const areas = serverAreas.filter((a) => webAreas.includes(a));
const specs = readdirSync(new URL('e2e/', root)).filter((f) => f.endsWith('.spec.ts'));

/** Parts an area may lack, and why: a deliberate exception, or a known gap said as one ("not yet"). */
const EXCEPT: Record<string, Partial<Record<Part, string>>> = {
  auth: {
    live: 'no event changes a session',
    refusals: 'sign-in refusals are the login form’s fields and its rate-limit notice',
    i18n: 'sign-in words are the shell’s (id.ts): the login screen is in the first load',
    index: 'no other area imports it (the principal is platform/auth.ts)',
    queryKeys: 'the session is read as the members area’s /members/me',
  },
  members: {
    live: 'the member and their store change only by their own call',
    refusals: 'the store choice is one call whose refusal is the picker’s list error',
    e2e: 'sign-in, store choice and /akun are walked by auth.spec and a11y.spec' },
  catalog: { live: 'products and stores are reference data, not changed by the app', index: 'no other area imports it', schema: 'product and store search replies are schemas/common.ts', i18n: 'the store picker says the members area’s words (i18n/members.ts), the product picker the shell’s', e2e: 'its pickers are used by stock.spec and bookings.spec' },
  'app-config': { live: 'the versions change with a deploy, read at start', index: 'no other area imports it', e2e: 'the version check is in pwa.spec', queryKeys: 'one query, its key in its api file' },
  push: { live: "a device and its switches change only by this phone's own calls; the notifications themselves are the live side" },
  recap: { live: 'a range read on demand; it says when it was read and reads again on request' },
};

type Part = 'schema' | 'routes' | 'index' | 'queryKeys' | 'api' | 'i18n' | 'e2e' | 'live' | 'refusals';
const read = (path: string) => (has(path) ? readFileSync(new URL(path, root), 'utf8') : '');
/** An area whose web calls change something (a `useApiMutation` in its api files) says its refusals in a table. */
const changes = (a: string) => has(`apps/web/src/features/${a}/api`) && readdirSync(new URL(`apps/web/src/features/${a}/api/`, root)).some((f) => read(`apps/web/src/features/${a}/api/${f}`).includes('useApiMutation'));
const PARTS: Record<Part, (area: string) => boolean> = {
  schema: (a) => has(`packages/contract/src/schemas/${a}.ts`),
  routes: (a) => has(`apps/server/src/modules/${a}/routes.ts`),
  index: (a) => has(`apps/server/src/modules/${a}/index.ts`),
  queryKeys: (a) => has(`apps/web/src/features/${a}/query-keys.ts`),
  api: (a) => has(`apps/web/src/features/${a}/api`),
  i18n: (a) => has(`apps/web/src/shared/i18n/${a}.ts`),
  e2e: (a) => specs.some((f) => f.startsWith(`${a}.`) || f.startsWith(`${a}-`)),
  live: (a) => has(`apps/web/src/features/${a}/live.ts`),
  refusals: (a) => !changes(a) || has(`apps/web/src/features/${a}/refusals.ts`),
};

describe('every area carries the template (docs/architecture.md)', () => {
  it('finds the areas', () => {
    expect(areas).toEqual(expect.arrayContaining(['orders', 'pod', 'cancellations', 'returns', 'bookings', 'stock', 'transfers', 'chat', 'helpdesk', 'monitoring', 'recap']));
  });

  it.each(areas)('%s', (area) => {
    const missing = (Object.keys(PARTS) as Part[]).filter((part) => !PARTS[part](area) && !EXCEPT[area]?.[part]);
    expect(missing, `${area} lacks`).toEqual([]);
  });

  it('an exception names a part the area really lacks', () => {
    for (const [area, parts] of Object.entries(EXCEPT)) {
      for (const part of Object.keys(parts) as Part[]) expect(PARTS[part](area), `${area}: ${part} exists, drop the exception`).toBe(false);
    }
  });
});
