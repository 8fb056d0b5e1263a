import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The no-restricted-imports verdicts on `import … from '<source>'` written in `file` (a path from the repo root). */
async function refused(file: string, source: string): Promise<boolean> {
  const [result] = await eslint.lintText(`export { x } from '${source}';\n`, { filePath: path.join(ROOT, file) });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

describe('area boundaries (eslint.config.js)', () => {
  it("lets another area import orders only through its public file", async () => {
    expect(await refused('apps/server/src/modules/pod/scan-go.ts', '../orders')).toBe(false);
    expect(await refused('apps/server/src/modules/pod/scan-go.ts', '../orders/lifecycle')).toBe(true);
    expect(await refused('apps/server/src/modules/pod/scan-go.ts', '../orders/detail')).toBe(true);
    // Inside the area, and to the shared folders, any path is fine.
    expect(await refused('apps/server/src/modules/orders/transitions.ts', './lifecycle')).toBe(false);
    expect(await refused('apps/server/src/modules/pod/scan-go.ts', '../../db/schema')).toBe(false);
  });

  it('covers an area that does not exist yet, from its top folder and from a folder below it', async () => {
    expect(await refused('apps/server/src/modules/returns/service.ts', '../pod/scan-go')).toBe(true);
    expect(await refused('apps/server/src/modules/returns/service.ts', '../pod')).toBe(false);
    expect(await refused('apps/server/src/modules/returns/rules/refund.ts', '../../orders/lifecycle')).toBe(true);
    expect(await refused('apps/server/src/modules/returns/rules/refund.ts', '../../orders')).toBe(false);
    expect(await refused('apps/server/src/modules/returns/rules/refund.ts', '../service')).toBe(false);
    expect(await refused('apps/server/src/modules/orders/lifecycle.ts', '../returns/service')).toBe(true);
  });

  it('holds outside the areas too; only app.ts reaches for routes files, only test and seed code for more', async () => {
    expect(await refused('apps/server/src/platform/events.ts', '../modules/orders/detail')).toBe(true);
    expect(await refused('apps/server/src/platform/events.ts', '../modules/orders')).toBe(false);
    expect(await refused('apps/server/bench/run.ts', '../src/modules/orders/detail')).toBe(true);
    expect(await refused('apps/server/src/app.ts', './modules/returns/routes')).toBe(false);
    expect(await refused('apps/server/src/app.ts', './modules/orders/detail')).toBe(true);
    expect(await refused('apps/server/src/modules/pod/requests.test.ts', '../orders/order-test-kit')).toBe(false);
    expect(await refused('apps/server/src/seed/simulate.ts', '../modules/channels/signature')).toBe(false);
  });
});
