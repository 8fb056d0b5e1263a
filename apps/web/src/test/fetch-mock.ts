import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network-error';
type Handler = {
  method: string;
  path: string | RegExp;
  reply: (call: RecordedCall, n: number) => Reply | Promise<Reply>;
  count: number;
};

/** A stand-in for the server: route table in, recorded calls out. Unknown routes answer 404. */
export function mockFetch() {
  const handlers: Handler[] = [];
  const calls: RecordedCall[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: RecordedCall = { method, url, path: parsed.pathname, headers: new Headers(init.headers), body };
    calls.push(call);
    const handler = handlers.find(
      (h) => h.method === method && (typeof h.path === 'string' ? h.path === parsed.pathname : h.path.test(parsed.pathname)),
    );
    if (!handler) return json(404, { message: 'Alamat tidak ditemukan.', code: 'ROUTE_NOT_FOUND' });
    handler.count += 1;
    const reply = await handler.reply(call, handler.count);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return json(reply.status ?? 200, reply.body, reply.headers);
  });

  vi.stubGlobal('fetch', fetchMock);

  const api = {
    calls,
    fetchMock,
    on(method: string, path: string | RegExp, reply: Handler['reply'] | Reply) {
      handlers.unshift({ method, path, reply: typeof reply === 'function' ? reply : () => reply, count: 0 });
      return api;
    },
    callsTo(path: string, method?: string) {
      return calls.filter((c) => c.path === path && (!method || c.method === method));
    },
  };
  return api;
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const ok = (data: unknown) => ({ status: 200, body: { message: 'Success', data } });
export const fail = (status: number, code: string, message: string, details?: unknown) => ({
  status,
  body: { message, code, ...(details ? { details } : {}) },
});
