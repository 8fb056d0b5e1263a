// `npm test`: every check, in the order that fails fastest, with each step's time.
import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

/**
 * Stages run one after another; the steps of a stage run side by side. Typecheck and lint are
 * each single-threaded, so together with the build (whose web app and compiled server the
 * end-to-end step then uses as they are) they fill the two cores a CI runner has; their output is
 * held and printed whole, one step after the other, so the log reads as if they ran in turn.
 */
const stages = [
  [
    ['typecheck', 'npm', ['run', 'typecheck']],
    ['lint', 'npm', ['run', 'lint']],
    ['build (web app, compiled server)', 'npm', ['run', 'build']],
  ],
  [['unit, component and server tests (PGlite)', 'npx', ['vitest', 'run']]],
  [['end-to-end tests (Chromium)', 'node', ['scripts/e2e.mjs', '--built']]],
];

/** Runs one step; with `hold`, its output is kept and handed back instead of streamed. */
function run(cmd, args, hold) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (hold) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString(), seconds: (Date.now() - started) / 1000 }));
  });
}

ensureChromium();
const began = Date.now();
const times = [];
for (const stage of stages) {
  const hold = stage.length > 1;
  if (!hold) console.log(`\n=== ${stage[0][0]} ===`);
  const results = await Promise.all(stage.map(([, cmd, args]) => run(cmd, args, hold)));
  for (const [i, [name]] of stage.entries()) {
    const { code, output, seconds } = results[i];
    if (hold) process.stdout.write(`\n=== ${name} ===\n${output}`);
    times.push(`${name}: ${seconds.toFixed(0)} s`);
    if (code !== 0) {
      console.error(`\n✗ ${name} failed`);
      process.exit(code);
    }
  }
}
console.log(`\n✓ all checks passed in ${((Date.now() - began) / 60_000).toFixed(1)} min (${times.join('; ')})`);
