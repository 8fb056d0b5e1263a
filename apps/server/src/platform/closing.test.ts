import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, REQUEST_ID_HEADER } from '@gerai/contract';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDb } from '../test/test-db';
import { access } from './route-kit';
import { loggerOptions } from './logging';

const lines: string[] = [];
const handle = await openTestDb({ data: 'demo' });
afterAll(() => handle.close());

describe('a process that is closing', () => {
  it('answers a request still reaching it with the app’s 503 and Retry-After, and finishes the one in hand', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', JWT_SECRET: randomBytes(32).toString('hex') });
    const app = await buildApp({ config, handle, logger: loggerOptions(config, { stream: { write: (line: string) => void lines.push(line) } }) });
    // A request in hand while the process is told to close (a deploy's rolling restart): it holds the close open.
    let release = () => {};
    const inHand = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const handling = new Promise<void>((resolve) => (started = resolve));
    app.get('/api/test/in-hand', { ...access({ auth: 'public' }), schema: { tags: ['test'] } }, async () => {
      started();
      await inHand;
      return { message: 'Success', data: null };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    // The request in hand on one connection; on another, a request whose head is still arriving when the close begins.
    const read = (socket: Socket) => {
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      return async () => {
        await ended;
        return text;
      };
    };
    const first = connect(port, '127.0.0.1');
    const firstReply = read(first);
    first.write('GET /api/test/in-hand HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await handling;
    const second = connect(port, '127.0.0.1');
    const secondReply = read(second);
    second.write(`GET /api/app-config HTTP/1.1\r\nHost: x\r\n${REQUEST_ID_HEADER}: closing-2\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    second.write('\r\n');
    const refused = await secondReply();
    release();
    expect(await firstReply()).toMatch(/^HTTP\/1\.1 200 /);
    await closed;

    const [head, body] = refused.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toMatch(/\r\nretry-after: 2\r\n/i);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    expect(head).toMatch(new RegExp(`\\r\\n${REQUEST_ID_HEADER}: closing-2\\r\\n`, 'i'));
    expect(JSON.parse(body!)).toEqual({ message: ERROR_MESSAGES.SERVICE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });
    // One warn line, no error line or stack: closing is planned.
    const own = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.requestId === 'closing-2');
    expect(own).toEqual([expect.objectContaining({ level: 40, msg: 'request', status: 503, code: 'SERVICE_UNAVAILABLE' })]);
  });
});
