import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { ERROR_MESSAGES, UPLOAD_MAX_BYTES } from '@gerai/contract';
import { idempotencyKeys, uploads } from '../db/schema';
import { CHIEF, CHIEF_T002, JPEG, multipart, PNG, returnApi, STAFF, STAFF_T002, SUPERVISOR, WEBP } from '../modules/returns/return-test-kit';
import { testContextPerFile } from '../test/harness';
import { purgeUnattachedUploads, UNATTACHED_UPLOAD_KEEP_MS } from './uploads';

const ctx = testContextPerFile();
const api = returnApi(ctx);

const rowOf = async (id: string) => (await ctx.handle.db.select().from(uploads).where(eq(uploads.id, id)))[0];

describe('POST /api/uploads', () => {
  it('stores a PNG for the active store, typed by its content, and answers 201 with its url', async () => {
    const res = await api.upload(STAFF, PNG, {}, 'anything.bin');
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), mime: 'image/png', size: PNG.length, url: `/api/uploads/${data.id}` });
    const row = await rowOf(data.id);
    expect(row).toMatchObject({ storeCode: 'T001', mime: 'image/png', size: PNG.length, attachedTo: null, sha256: createHash('sha256').update(PNG).digest('hex') });
    expect(Buffer.compare(row!.bytes, PNG)).toBe(0);
  });

  it('accepts a JPEG and a WebP whatever the browser claims', async () => {
    const jpeg = await api.upload(STAFF, [{ name: 'file', filename: 'x.png', type: 'image/png', data: JPEG }]);
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(jpeg.json().data.mime).toBe('image/jpeg');
    const webp = await api.upload(STAFF, [{ name: 'file', filename: 'x', type: 'application/octet-stream', data: WEBP }]);
    expect(webp.statusCode, webp.body).toBe(201);
    expect(webp.json().data.mime).toBe('image/webp');
  });

  it('refuses a text file renamed .jpg with 415 UPLOAD_TYPE_UNSUPPORTED and stores nothing', async () => {
    const before = (await ctx.handle.db.select({ id: uploads.id }).from(uploads)).length;
    const res = await api.upload(STAFF, [{ name: 'file', filename: 'foto.jpg', type: 'image/jpeg', data: 'bukan foto, hanya teks biasa\n'.repeat(20) }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_TYPE_UNSUPPORTED', message: ERROR_MESSAGES.UPLOAD_TYPE_UNSUPPORTED });
    // A PDF and a GIF are files, but not the allowed images.
    const pdf = await api.upload(STAFF, [{ name: 'file', filename: 'a.jpg', data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1') }]);
    expect(pdf.statusCode).toBe(415);
    const gif = await api.upload(STAFF, [{ name: 'file', filename: 'a.jpg', data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') }]);
    expect(gif.statusCode).toBe(415);
    expect((await ctx.handle.db.select({ id: uploads.id }).from(uploads)).length).toBe(before);
  });

  it('refuses a file over the limit (6 MB) with 413 UPLOAD_TOO_LARGE', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024 - PNG.length)]);
    const res = await api.upload(STAFF, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: ERROR_MESSAGES.UPLOAD_TOO_LARGE });
    // Exactly the limit is still fine.
    const edge = await api.upload(STAFF, Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES - PNG.length)]));
    expect(edge.statusCode, edge.body).toBe(201);
  });

  it('answers 400 UPLOAD_MISSING without a file, with only fields, or with an empty file', async () => {
    for (const parts of [[{ name: 'note', data: 'tanpa file' }], [{ name: 'photo', filename: 'a.png', data: PNG }], [{ name: 'file', filename: 'a.png', data: Buffer.alloc(0) }]]) {
      const res = await api.upload(STAFF, parts);
      expect(res.statusCode, JSON.stringify(parts.map((p) => p.name))).toBe(400);
      expect(res.json().code).toBe('UPLOAD_MISSING');
    }
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { authorization: await api.auth(STAFF) } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('UPLOAD_MISSING');
  });

  it('takes one file only, and refuses bodies that are not multipart or are malformed', async () => {
    const two = await api.upload(STAFF, [
      { name: 'file', filename: 'a.png', data: PNG },
      { name: 'file', filename: 'b.png', data: PNG },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().code).toBe('VALIDATION_FAILED');
    const authorization = await api.auth(STAFF);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { authorization, 'content-type': 'application/json' }, payload: '{"file":"x"}' });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    for (const [type, payload] of [
      ['multipart/form-data; boundary=x', 'plain text'],
      ['multipart/form-data', '--x\r\n'],
      ['multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated'],
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { authorization, 'content-type': type! }, payload: payload! });
      expect(res.statusCode, `${type} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${type} ${payload}`).toBeLessThan(500);
    }
  });

  it('needs a session and a picked store', async () => {
    const body = multipart([{ name: 'file', filename: 'a.png', data: PNG }]);
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/uploads', headers: { 'content-type': body.contentType }, payload: body.payload });
    expect(anon.statusCode).toBe(401);
    // An area supervisor works in the store they picked; the upload belongs to it.
    const res = await api.upload(SUPERVISOR, PNG);
    expect(res.statusCode, res.body).toBe(201);
    expect((await rowOf(res.json().data.id))!.storeCode).toMatch(/^T\d{3}$/);
  });

  it('replays the same file under the same Idempotency-Key and refuses another file under it', async () => {
    const key = { 'idempotency-key': 'upload-replay-0001' };
    const first = await api.upload(STAFF, PNG, key);
    expect(first.statusCode).toBe(201);
    const again = await api.upload(STAFF, PNG, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await api.upload(STAFF, JPEG, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The key was marked applied in the upload's own transaction.
    const [stored] = await ctx.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'upload-replay-0001'));
    expect(stored!.appliedAt).not.toBeNull();
  });

  it('refuses a cookie upload without the CSRF header, like any change', async () => {
    const session = await ctx.loginAs(STAFF);
    const body = multipart([{ name: 'file', filename: 'a.png', data: PNG }]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/uploads', cookies: { at: session.cookies.at! }, headers: { 'content-type': body.contentType, origin: 'https://evil.example' }, payload: body.payload });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/uploads/:id', () => {
  it('serves the bytes with their type, privately cached and never sniffed', async () => {
    const id = await api.photo(STAFF, PNG);
    const res = await api.get(CHIEF, `/api/uploads/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);
  });

  it("answers 404 to another store's staff and kepala toko, as for a missing file", async () => {
    const id = await api.photo(STAFF, PNG);
    for (const nik of [STAFF_T002, CHIEF_T002]) {
      const res = await api.get(nik, `/api/uploads/${id}`);
      expect(res.statusCode, nik).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect((await api.get(STAFF, '/api/uploads/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await api.get(STAFF, '/api/uploads/not-an-id')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/uploads/${id}` })).statusCode).toBe(401);
  });
});

describe('purgeUnattachedUploads', () => {
  it('deletes uploads nothing attached within a day, and keeps attached and recent ones', async () => {
    const [stale, attached, fresh] = [await api.photo(), await api.photo(), await api.photo()];
    const old = new Date(Date.now() - UNATTACHED_UPLOAD_KEEP_MS - 60_000);
    await ctx.handle.db.update(uploads).set({ createdAt: old }).where(eq(uploads.id, stale));
    await ctx.handle.db.update(uploads).set({ createdAt: old, attachedTo: 'return:999999' }).where(eq(uploads.id, attached));
    expect(await purgeUnattachedUploads(ctx.handle.db)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(stale)).toBeUndefined();
    expect(await rowOf(attached)).toBeDefined();
    expect(await rowOf(fresh)).toBeDefined();
  });
});
