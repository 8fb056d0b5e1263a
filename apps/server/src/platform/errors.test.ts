/**
 * What reaches the error handling from outside any route's rules: a request with a method nobody
 * serves (those Node's parser knows and those it does not), and a unique key taken by a
 * concurrent insert that escaped a service. Each answers in the app's own shape.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ERROR_MESSAGES } from '@gerai/contract';
import { createTestContext, type TestContext } from '../test/harness';
import { users } from '../db/schema';
import { registerErrorHandling } from './errors';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => ctx?.close());

/** One request written by hand on a socket (inject and fetch refuse made-up methods): status line and body. */
function rawRequest(text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (d) => (out += d.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1] ?? 0);
      resolve({ status, body: out.slice(out.indexOf('\r\n\r\n') + 4) });
    });
  });
}

const NOT_FOUND = { code: 'ROUTE_NOT_FOUND', message: ERROR_MESSAGES.ROUTE_NOT_FOUND };

describe('a method no route serves', () => {
  // QUERY is one Fastify knows (and refuses without a content type); PROPFIND and LINK Node knows; BREW and X-MADE-UP neither.
  const methods = ['QUERY', 'PROPFIND', 'LINK', 'TRACE', 'BREW', 'X-MADE-UP'];
  for (const method of methods) {
    for (const body of [null, '{"a":1}', '{not json']) {
      for (const url of ['/api/orders', '/api/tidak-ada']) {
        it(`${method} ${url} ${body === null ? 'without a body' : `with the body ${body}`}: the app's 404`, async () => {
          const head = body === null ? '' : `Content-Length: ${Buffer.byteLength(body)}\r\n`;
          const res = await rawRequest(`${method} ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${head}\r\n${body ?? ''}`);
          expect(res.status).toBe(404);
          expect(JSON.parse(res.body)).toEqual(NOT_FOUND);
        });
      }
    }
  }

  it('QUERY with a JSON content type is the same 404', async () => {
    const body = '{"a":1}';
    const res = await rawRequest(`QUERY /api/orders HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toEqual(NOT_FOUND);
  });

  it('a request line Node cannot parse at all is the app\'s 400', async () => {
    const res = await rawRequest('GET /api/orders HTTP/9.9.9\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 'VALIDATION_FAILED', message: ERROR_MESSAGES.VALIDATION_FAILED });
  });
});

describe('a unique key taken by a concurrent insert', () => {
  it('answers 409 CONFLICT in the app\'s shape when the violation escapes a service, whatever the driver', async () => {
    // A bare app with the same error handling and a route that inserts a member who exists: the database's 23505, unanswered by any service.
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const [member] = await ctx.handle.db.select().from(users).limit(1);
    app.post('/dup', async () => {
      await ctx.handle.db.insert(users).values(member!);
      return { ok: true };
    });
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/dup' });
    await app.close();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: ERROR_MESSAGES.CONFLICT });
  });
});
