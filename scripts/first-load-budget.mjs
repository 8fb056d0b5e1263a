// The JavaScript a phone downloads before the first screen: the module scripts and
// modulepreloads of the built index.html, gzip-compressed. Fails above the budget,
// so a stray import (a schema module pulling zod into the shell) is caught here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 150;

export function firstLoadKb(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) files.add(m[1]);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join(dist, file))).length;
  return { kb: bytes / 1000, files: files.size };
}

export function checkFirstLoad(dist = 'apps/web/dist') {
  const { kb, files } = firstLoadKb(dist);
  const line = `first-load JS: ${kb.toFixed(1)} kB gzip in ${files} files (budget ${FIRST_LOAD_BUDGET_KB} kB)`;
  if (kb > FIRST_LOAD_BUDGET_KB) {
    console.error(`✗ ${line}`);
    return false;
  }
  console.log(`✓ ${line}`);
  return true;
}
