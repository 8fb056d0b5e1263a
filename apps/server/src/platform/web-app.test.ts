import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';
import { registerWebApp } from './web-app';

const INDEX = '<!doctype html><html lang="id"><head><title>Gerai</title></head><body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>';
const APP_JS = `export const greeting = ${JSON.stringify('Selamat datang di Gerai '.repeat(40))};\n`;
const SW_JS = `self.addEventListener('install', () => self.skipWaiting()); ${'// precache\n'.repeat(20)}`;
const MANIFEST = JSON.stringify({ name: 'Gerai — Pesanan Online', short_name: 'Gerai', start_url: '/', display: 'standalone', icons: [] });
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const SECRET = 'kata sandi rahasia di luar dist';

let root: string;
let dist: string;
let app: FastifyInstance;

/** A built web app as apps/web/vite.config.ts writes it: every text file with .br and .gz siblings. */
function writeDist(dir: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const text: Record<string, string> = {
    'index.html': INDEX,
    'assets/index-AbC123.js': APP_JS,
    'sw.js': SW_JS,
    'manifest.webmanifest': MANIFEST,
  };
  for (const [file, body] of Object.entries(text)) {
    writeFileSync(path.join(dir, file), body);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
  }
  // Images are not precompressed: they go out as they are.
  writeFileSync(path.join(dir, 'pwa-192x192.png'), PNG);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'gerai-web-app-'));
  dist = path.join(root, 'dist');
  writeDist(dist);
  writeFileSync(path.join(root, 'secret.txt'), SECRET);
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/api/health', async () => ({ ok: true }));
  await registerWebApp(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the web app as the server sends it', () => {
  it('sends brotli when the client accepts it, even listed after gzip', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(brotliCompressSync(APP_JS))).toBe(true);
    expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(APP_JS) / 4);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(gzipSync(APP_JS))).toBe(true);
  });

  it('sends the plain file when neither is accepted, still saying it varies', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-AbC123.js', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(APP_JS);
    }
  });

  it('caches hashed assets for a year and makes the shell, service worker and manifest revalidate', async () => {
    expect((await get('/assets/index-AbC123.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/index.html', '/sw.js', '/manifest.webmanifest', '/pwa-192x192.png', '/']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('gives each file its own Content-Type, compressed or not', async () => {
    expect((await get('/index.html', 'br')).headers['content-type']).toMatch(/^text\/html/);
    expect((await get('/sw.js', 'br')).headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect((await get('/manifest.webmanifest', 'gzip')).headers['content-type']).toMatch(/^application\/manifest\+json/);
    const png = await get('/pwa-192x192.png', 'br, gzip');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.equals(PNG)).toBe(true);
  });

  it('answers client routes with index.html, compressed and revalidated', async () => {
    for (const url of ['/', '/order', '/order/detail/1/SHP-1/pickup?tab=2', '/akun/']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(brotliCompressSync(INDEX)), url).toBe(true);
    }
    expect((await get('/order', undefined)).body).toBe(INDEX);
  });

  it('leaves unknown API paths a JSON 404 instead of the app shell', async () => {
    expect((await get('/api/health')).json()).toEqual({ ok: true });
    for (const url of ['/api/nope', '/api/orders/xyz?x=1']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json().code, url).toBe('ROUTE_NOT_FOUND');
    }
  });

  it('never serves a file outside the build, nor a compressed sibling by its own name', async () => {
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%5c..%5csecret.txt', '/%2e%2e%2f%2e%2e%2fsecret.txt']) {
      const res = await get(url);
      expect(res.body, url).not.toContain(SECRET);
      expect([200, 400, 403, 404], url).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.body, url).toBe(INDEX);
    }
    const sibling = await get('/assets/index-AbC123.js.br');
    expect(sibling.headers['content-encoding']).toBeUndefined();
    expect(sibling.body).toBe(INDEX);
  });
});
