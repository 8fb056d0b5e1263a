import { spawn } from 'node:child_process';
import path from 'node:path';
import type { LoadResult, LoadSpec } from './load';

/** One autocannon measurement in a process of its own (bench/load.ts), so the load generator never shares the server's event loop. */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts')], {
      cwd: path.resolve(import.meta.dirname, '..'),
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load generator exited with ${code}`))));
    child.stdin.end(JSON.stringify(spec));
  });
}
