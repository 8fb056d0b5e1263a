// `npm start`: builds what is missing or stale (scripts/build.mjs --if-stale), then runs the compiled
// server in this same process: plain node, no TypeScript at run time, no second process to start
// or to pass signals on to.
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { build, ROOT } from './build.mjs';

try {
  await build(undefined, { log: (line) => console.log(line) });
} catch (err) {
  console.error(`Gerai cannot start: the build failed. ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
await import(pathToFileURL(path.join(ROOT, 'apps/server/dist/main.js')).href);
