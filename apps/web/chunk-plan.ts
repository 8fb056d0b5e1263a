import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';

// Two parts of vite.config.ts's chunk plan: the shared blocks' chunks, and which chunks a lazy import
// preloads (build.modulePreload.resolveDependencies), decisions 137 and 147.

// The app's shared building blocks (shared/: fields, action bar, stepper, search row, location,
// reason picker…) that two or more lazy chunks use, in two chunks instead of one per set of pages
// sharing them (decision 147): a page loads a few files, not 8–21, and the preload helper writes a
// link per file. The camera scanner's pieces are one of them; the hardware-scanner listener stays
// with the screens chunk's own. An area's words join only when a shared block imports them.
const SHARED_BLOCK = /[\\/]apps[\\/]web[\\/]src[\\/]shared[\\/]/;
const SHARED_WORDS = /[\\/]shared[\\/]i18n[\\/]/;
const SCANNER_BLOCK = /[\\/]src[\\/]shared[\\/](scanner[\\/]|ui[\\/]scan-note\.tsx$|i18n[\\/]scanner\.ts$)/;
const SCREENS_SCANNER = /[\\/]shared[\\/]scanner[\\/](keyboard-wedge|scan-gate)/;
export function blocksChunk(id: string, ctx: ChunkingContext): string | null {
  if (!SHARED_BLOCK.test(id) || SCREENS_SCANNER.test(id)) return null;
  const info = ctx.getModuleInfo(id);
  // A lazy chunk's own root (a modal, the camera view) keeps its chunk.
  if (!info || info.dynamicImporters.length > 0) return null;
  if (SHARED_WORDS.test(id) && !info.importers.some((i) => SHARED_BLOCK.test(i) && !SHARED_WORDS.test(i))) return null;
  return SCANNER_BLOCK.test(id) ? 'scanner' : 'blocks';
}

/** The chunks index.html loads as module scripts (vite.config.ts: its groups and rolldown's own). */
const FIRST_LOAD_CHUNK = /(^|\/)(framework|shell|rolldown-runtime|preload-helper)-[\w-]+\.js$/;
const SCREENS_CHUNK = /(^|\/)screens-[\w-]+\.js$/;

/** Every chunk's static imports, read from the bundle before Vite writes its preload lists. */
const chunkImports = new Map<string, readonly string[]>();
export function chunkGraph(): Plugin {
  return {
    name: 'gerai:chunk-graph',
    apply: 'build',
    // A plugin of the app runs before Vite's own build plugins, whose generateBundle writes the lists.
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        chunkImports.clear();
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') chunkImports.set(chunk.fileName, chunk.imports);
      },
    },
  };
}

/** A chunk and everything it imports statically. */
function staticClosure(file: string): Set<string> {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length) {
    for (const next of chunkImports.get(queue.pop()!) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

/**
 * The files Vite's preload helper writes a <link rel="modulepreload"> for with a lazy import, each
 * one main-thread work when the import runs. Never what index.html loads (the helper looks only for
 * links, not the page's module scripts). Nor, for a chunk that needs the "screens" chunk, that chunk
 * and what it imports: the root layout's overlays import it in the same render as the page (after the
 * shell's first paint, AfterShellPaint), and the live side right after, so those links are written
 * once, by that import, and the page's list (in the shell's code) names only its own files.
 * An import left with nothing to preload is a plain import(), without the helper.
 */
export function preloadList(file: string, deps: string[]): string[] {
  // Nor the imported file itself: import() asks for it a microtask after the helper's links.
  const kept = deps.filter((dep) => dep !== file && !FIRST_LOAD_CHUNK.test(dep));
  const screens = kept.find((dep) => SCREENS_CHUNK.test(dep));
  if (!screens || SCREENS_CHUNK.test(file)) return kept;
  const withScreens = staticClosure(screens);
  return kept.filter((dep) => !withScreens.has(dep));
}
