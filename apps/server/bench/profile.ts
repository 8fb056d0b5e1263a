/**
 * CPU profiles of the bench's in-process servers. `BENCH_CPU_PROFILE=<dir> npm run bench -- <rows>`
 * writes one `.cpuprofile` per measured row; `npx tsx bench/profile.ts <file> [n]` prints its top
 * self-time functions (what a request costs in JS, next to the time the process sat idle); `--by-package`
 * sums them per package and app folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

/** Starts profiling this process; `stop(file)` writes the profile there. */
export async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      process.stderr.write(`CPU profile written to ${file}\n`);
    },
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time per function (name, file, line), largest first, as shares of all samples. */
export function topSelfTime(profile: { nodes: ProfileNode[] }, n: number): Array<{ share: number; where: string }> {
  const hits = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const count = node.hitCount ?? 0;
    total += count;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '').replace(/^.*apps\/server\//, '');
    const key = `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
    hits.set(key, (hits.get(key) ?? 0) + count);
  }
  return [...hits]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([where, count]) => ({ share: count / total, where }));
}

/** Self time per package (node_modules' name, `src/<dir>` of the app, `node:` internals, or V8's own), largest first. */
export function selfTimeByPackage(profile: { nodes: ProfileNode[] }): Array<{ share: number; where: string }> {
  const hits = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const count = node.hitCount ?? 0;
    total += count;
    const url = node.callFrame.url;
    const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
    const app = url.match(/apps\/server\/(src\/[^/]+(?:\/[^/]+)?)\//)?.[1] ?? url.match(/apps\/server\/(bench|src)\//)?.[1];
    const key = pkg ?? app ?? (url.startsWith('node:') ? url.split('/').slice(0, 2).join('/') : url ? 'other' : node.callFrame.functionName || '(native)');
    hits.set(key, (hits.get(key) ?? 0) + count);
  }
  return [...hits].sort((a, b) => b[1] - a[1]).map(([where, count]) => ({ share: count / total, where }));
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const byPackage = args.includes('--by-package');
  const [file, n] = args.filter((a) => a !== '--by-package');
  if (!file) throw new Error('usage: tsx bench/profile.ts <file.cpuprofile> [n] [--by-package]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  for (const row of byPackage ? selfTimeByPackage(profile).slice(0, Number(n) || 20) : topSelfTime(profile, Number(n) || 10)) {
    console.log(`${(row.share * 100).toFixed(1).padStart(5)} %  ${row.where}`);
  }
}
