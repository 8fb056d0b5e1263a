import { describe, expect, it } from 'vitest';
import { preloadListsOf, staticImportsOf } from './first-load-budget.mjs';

// The shapes Vite 8 writes into the shell: the file table, then each lazy import with its list (or none).
const SHELL = [
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=[`assets/blocks-Cq2JeitX.js`,`assets/order-change-s4btiAnF.js`,`assets/screens-C2P9WGgQ.js`])))=>i.map(i=>d[i]);',
  'let a=n??be();typeof indexedDB<`u`&&u(()=>import(`./persistence-rbjAJXE1.js`).then(e=>e.t).then(t=>t.startQueryPersistence(e)),[]);',
  'var Zn=(0,d.lazy)(()=>u(()=>import(`./order-detail-Bm4QiSf7.js`).then(e=>e.t),__vite__mapDeps([0,1]))),',
  'ar=(0,d.lazy)(()=>u(()=>import(`./monitoring-B6NdRyws.js`),[])),',
  'Qn=(0,d.lazy)(()=>u(()=>import(`./overlays-Dd3kf9aQ.js`),__vite__mapDeps([2])));',
].join('');

describe('preloadListsOf: what each lazy import of the shell preloads', () => {
  it('reads each import with the list written after it, by chunk name', () => {
    const lists = preloadListsOf(SHELL);
    expect(Object.fromEntries(lists)).toEqual({
      persistence: [],
      'order-detail': ['blocks-Cq2JeitX.js', 'order-change-s4btiAnF.js'],
      monitoring: [],
      overlays: ['screens-C2P9WGgQ.js'],
    });
  });
});

describe('staticImportsOf: what a module loads before it runs', () => {
  it('reads the static imports Rolldown writes, not the lazy ones', () => {
    const entry = 'import{r as e}from"./rolldown-runtime-XKyaHtl9.js";import"./shell-oJoYylsO.js";import{L as t,a as n}from"./framework-wFEcESdA.js";var x=()=>import(`./monitoring-B6NdRyws.js`);';
    expect(staticImportsOf(entry)).toEqual(['./rolldown-runtime-XKyaHtl9.js', './shell-oJoYylsO.js', './framework-wFEcESdA.js']);
  });
});
