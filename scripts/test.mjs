// `npm test`: every check, in the order that fails fastest.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit, component and server tests (PGlite)', 'npx', ['vitest', 'run']],
  ['end-to-end tests (Chromium)', 'node', ['scripts/e2e.mjs']],
];

ensureChromium();
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✓ all checks passed');
