import { afterAll, beforeAll, expect } from 'vitest';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { APP_IDS, channelByAppId, ERROR_HTTP_STATUS, errorReplySchema, type ErrorCode } from '@gerai/contract';
import { buildApp } from '../app';
import { signBody, SIGNATURE_HEADER } from '../modules/channels/signature';
import { DEMO_NIK } from '../seed/demo-data';
import type { TestContext } from '../test/harness';
import { fillPath, openApiOperations, readKnownValues, type KnownValues, type Operation } from '../test/openapi-walk';
import { REPLY_TIMEOUT_MS, STREAM_READ_MS } from './api-fuzz-values-test-kit';
import type { FuzzRequest, SignatureKind } from './api-fuzz-requests-test-kit';

/** The run of api-fuzz.test.ts: its own app logging errors, its callers, and one case sent and judged. */

// ── the run ─────────────────────────────────────────────────────────────────

export interface Caller {
  label: string;
  authorization: string;
  accessCookie: string;
}

export interface LoggedError {
  level: number;
  msg: string;
  reqId?: string;
  err?: { type?: string; message?: string; stack?: string };
}

export interface Failure {
  route: string;
  request: string;
  status: number;
  /** What is wrong, in words that stay the same from one request to the next. */
  problem: string;
  reply: string;
  root: string;
}

let ctx: TestContext;
export let app: FastifyInstance;
export let operations: Operation[];
export let known: KnownValues;
export let callers: Caller[];
export const logged: LoggedError[] = [];
/** How much of `logged` some case has looked at: an error logged after the last case is still caught. */
export let seenUpTo = 0;

/** The fuzz app on the file's context (its database and config), with its callers and known values, before the tests. */
export function fuzzSuite(context: TestContext): void {
  beforeAll(async () => {
    ctx = context;
    // An app of our own on the same database, logging errors where the suite can see them:
    // a failure after a reply was sent (an event stream) shows up only there.
    app = await buildApp({
      config: ctx.config,
      handle: ctx.handle,
      logger: {
        level: 'error',
        stream: {
          write: (line: string) => {
            logged.push(JSON.parse(line) as LoggedError);
          },
        },
      },
    });
    await app.ready();
    operations = openApiOperations(app.swagger());

    const login = async (label: string, nik: string): Promise<Caller> => {
      const session = await ctx.loginAs(nik);
      return { label, authorization: session.authorization, accessCookie: session.cookies.at ?? '' };
    };
    const superUser = await login('super user', DEMO_NIK.SUPER_USER);
    const picked = await app.inject({ method: 'POST', url: '/api/members/me/store', headers: { authorization: superUser.authorization }, payload: { storeCode: 'T001' } });
    expect(picked.statusCode).toBe(200);
    callers = [superUser, await login('kepala toko T001', DEMO_NIK.STORE_CHIEF), await login('staff T001', DEMO_NIK.STAFF)];
    known = await readKnownValues(app, ctx.config, callers[1]!.authorization);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });
}

export function describeRequest(method: string, url: string, headers: Record<string, string>, payload: string | undefined): string {
  const short = (s: string) => (s.length > 240 ? `${s.slice(0, 240)}…(${s.length} chars)` : s);
  const shown = Object.entries(headers)
    .filter(([k]) => k !== 'authorization' && k !== SIGNATURE_HEADER)
    .map(([k, v]) => `${k}: ${JSON.stringify(short(v))}`);
  return [`${method} ${short(url)}`, ...shown, payload === undefined ? '' : `body ${JSON.stringify(short(payload))}`].filter(Boolean).join(' | ');
}

/** The first line of our own code in a stack (not node_modules), and the error it names. */
export function rootOf(errors: LoggedError[]): string {
  if (errors.length === 0) return 'no error logged';
  return errors
    .map((e) => {
      const stack = e.err?.stack ?? '';
      const frame = stack.split('\n').find((l) => /(apps\/server\/src|packages\/contract\/src)/.test(l) && !l.includes('node_modules'));
      const first = `${e.err?.type ?? 'Error'}: ${(e.err?.message ?? e.msg).split('\n')[0]!.slice(0, 200)}`;
      // A failed query names its SQL first; what PostgreSQL said is the cause.
      const cause = /caused by: ([^\n]*)/i.exec(`${e.err?.message ?? ''}\n${stack}`)?.[1];
      return `${first}${cause ? ` (caused by: ${cause.slice(0, 200)})` : ''} @ ${frame?.trim() ?? '(no app frame)'}`;
    })
    .join(' ; ');
}

export async function readBody(res: Awaited<ReturnType<FastifyInstance['inject']>>, streaming: boolean): Promise<string> {
  const stream = res.stream();
  const chunks: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve) => {
    timer = setTimeout(resolve, streaming ? STREAM_READ_MS : REPLY_TIMEOUT_MS);
    stream.on('data', (c: Buffer) => {
      chunks.push(c);
      size += c.length;
      // A stream has answered once it says it is ready; a body is read to its end.
      if (streaming && Buffer.concat(chunks).toString('utf8').includes('event: ready')) resolve();
    });
    stream.on('end', () => resolve());
    stream.on('error', () => resolve());
  });
  clearTimeout(timer);
  if (streaming) {
    // Hang up like a phone leaving the page, so the server drops the stream.
    (res.raw.res as ServerResponse).req.destroy();
    stream.destroy();
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

export function signatureFor(op: Operation, url: string, payload: string | undefined, segment: string | undefined, kind: SignatureKind): string {
  let appId = NaN;
  try {
    appId = Number(decodeURIComponent(segment ?? ''));
  } catch {
    // A malformed segment names no channel; any secret will do.
  }
  const channel = channelByAppId(appId) ?? channelByAppId(APP_IDS[0]!);
  const secret = ctx.config.channelSecrets[String(channel!.appId)] ?? 'none';
  const signed = op.method === 'GET' ? `GET ${url.split('?')[0]}` : (payload ?? '');
  switch (kind) {
    case 'valid':
      return signBody(signed, secret);
    case 'wrong':
      return signBody(`${signed}x`, secret);
    case 'expired':
      return signBody(signed, secret, new Date(0));
    case 'malformed':
      return `t=99999999999999999999,sha256=${'z'.repeat(64)}`;
  }
}

/** Keys an error reply may have: the contract's three, and `data` where a refusal carries facts (POD outside the area). */
export const ERROR_REPLY_KEYS = new Set(['message', 'code', 'details', 'data']);

/**
 * Why a 4xx reply is not the contract's error: not JSON `{ message, code, details? }`,
 * a code the contract does not list (the web types `ApiError.code` by that list),
 * or a status other than the contract's for that code.
 */
export function errorReplyProblem(status: number, type: string, body: unknown): string | null {
  if (!type.includes('application/json')) return 'error reply is not JSON';
  const shape = errorReplySchema.safeParse(body);
  if (!shape.success) return 'error reply is not { message, code, details? }';
  const extra = Object.keys(body as object).filter((k) => !ERROR_REPLY_KEYS.has(k));
  if (extra.length) return `error reply ${shape.data.code} has keys outside { message, code, details?, data? }: ${extra.join(', ')}`;
  const expected = ERROR_HTTP_STATUS[shape.data.code as ErrorCode] as number | undefined;
  if (expected === undefined) return `error code ${shape.data.code} is not one of the contract's codes`;
  if (expected !== status) return `error code ${shape.data.code} is ${expected} in the contract, answered ${status}`;
  return null;
}

export interface Outcome {
  status: number;
  code: string | undefined;
  failure: Failure | null;
  /** The request and the start of its reply, for FUZZ_VERBOSE. */
  sample: string;
}

export async function runCase(op: Operation, r: FuzzRequest, index: number): Promise<Outcome> {
  const url = fillPath(op.path, r.path) + (r.query ? `?${r.query}` : '');
  const headers: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  if (op.access === 'session') {
    const caller = callers[index % callers.length]!;
    // Bearer (native host) and cookie (browser, with the CSRF headers a change needs) in turn.
    if (Math.floor(index / callers.length) % 2 === 0) headers.authorization = caller.authorization;
    else {
      cookies.at = caller.accessCookie;
      Object.assign(headers, { host: 'gerai.test', origin: 'https://gerai.test', 'x-requested-with': 'XMLHttpRequest' });
    }
  }
  if (r.body?.contentType !== undefined) headers['content-type'] = r.body.contentType;
  for (const [name, value] of Object.entries(r.headers)) if (value !== undefined) headers[name] = value;
  if (r.refreshCookie !== undefined) {
    cookies.rt = r.refreshCookie;
    if (r.csrfHeader) headers['x-requested-with'] = 'XMLHttpRequest';
  }
  const payload = r.body?.payload;
  if (op.access === 'channel') headers[SIGNATURE_HEADER] = signatureFor(op, url, payload, r.path.appId, r.signature);

  const request = describeRequest(op.method, url, headers, payload);
  const before = logged.length;
  const options: InjectOptions = { method: op.method, url, headers, cookies, payloadAsStream: true, remoteAddress: `10.77.${index % 250}.${(index >> 8) % 250}` };
  if (payload !== undefined) options.payload = payload;
  let status = 0;
  let code: string | undefined;
  let problem = '';
  let reply = '';
  try {
    const res = await Promise.race([
      app.inject(options),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no reply within ${REPLY_TIMEOUT_MS} ms`)), REPLY_TIMEOUT_MS)),
    ]);
    status = res.statusCode;
    const type = String(res.headers['content-type'] ?? '');
    const streaming = type.includes('text/event-stream');
    const text = await readBody(res, streaming);
    reply = text.slice(0, 300);
    if (status >= 500) problem = `HTTP ${status}`;
    else if (status >= 400) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      problem = errorReplyProblem(status, type, parsed) ?? '';
      code = errorReplySchema.safeParse(parsed).data?.code;
    } else if (!streaming && !type.includes('application/json') && !op.replyTypes.some((t) => type.startsWith(t))) problem = `success reply is neither JSON nor a type its document declares: ${type}`;
  } catch (err) {
    problem = `request failed: ${(err as Error).message}`;
  }
  seenUpTo = logged.length;
  const errors = logged.slice(before).filter((e) => e.level >= 50);
  if (!problem && errors.length) problem = `HTTP ${status} but an error was logged`;
  return { status, code, sample: `${request} → ${status} ${reply}`, failure: problem ? { route: op.name, request, status, problem, reply, root: rootOf(errors) } : null };
}
