import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Siblings the web build writes next to every text asset (apps/web/vite.config.ts); chosen by Accept-Encoding, never addressed. */
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * Serves the built web app; unknown non-API paths get index.html (client routing).
 * Text assets go out as the build's brotli or gzip sibling, whichever the client
 * accepts (br first): a phone on a slow network gets about a quarter of the bytes
 * and the server compresses nothing per request.
 */
export async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const webDist = path.resolve(dist);
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) {
    app.log.warn({ webDist }, 'web app not built; serving the API only');
    return;
  }
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    // Picks file.br / file.gz by Accept-Encoding, sets Content-Encoding, the original's
    // Content-Type and `Vary: Accept-Encoding`; the plain file when neither is accepted or built.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(reply, filePath) {
      // Hashed assets never change; the shell, the service worker and the manifest must revalidate.
      reply.header('cache-control', filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/')) {
      return reply.callNotFound();
    }
    const file = path.join(webDist, path.normalize(safeDecode(url)));
    if (file.startsWith(webDist + path.sep) && !PRECOMPRESSED.test(file) && isFile(file)) {
      return reply.sendFile(path.relative(webDist, file));
    }
    return reply.sendFile('index.html');
  });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}
