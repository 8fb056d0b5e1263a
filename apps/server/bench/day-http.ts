/**
 * The load generator's requests (day-load.ts): each one timed from send to the last byte of
 * the reply and recorded under its endpoint's name, with the run's shared state and its
 * deterministic random draws.
 */
import { randomUUID } from 'node:crypto';
import type { StepCpu } from './day-cpu';
import type { StepWaits } from './day-waits';
import type { StepResult } from './day-mix';
import { mulberry32 } from '../../../scripts/lib/mulberry32.mjs';

export interface DayStore {
  code: string;
  staff: string;
  chief: string;
  /** Products the store has in stock: lines of its orders, and what it sends in transfers. */
  products: Array<{ productId: string; barcode: string }>;
}

export interface DayLoadSpec {
  base: string;
  ordersPerSecond: number;
  durationSeconds: number;
  /** How long journeys in flight may finish after the window (their requests count). */
  drainSeconds: number;
  sseStreams: number;
  channels: Array<{ appId: number; secret: string }>;
  stores: DayStore[];
  areaToken: string;
  chainToken: string;
  cancelReasonId: number;
  returnReasonId: number;
  password: string;
  seed: number;
}
export type DayLoadResult = StepResult & {
  sseEvents: number;
  sseOpen: number;
  ordersStarted: number;
  ordersFinished: number;
  /** Requests answered or failed in the step. */
  requests: number;
  /** The CPU the server and PostgreSQL used over the step (day.ts adds it; the load generator cannot see it). */
  cpu?: StepCpu;
  /** What PostgreSQL's busy backends waited on over the step (day.ts adds it). */
  waits?: StepWaits;
};

/** What the journeys share: the stop flag (set at the end of the drain) and the counts. */
export const state = { stopped: false, ordersStarted: 0, ordersFinished: 0, skipped: 0 };
export const latencies = new Map<string, number[]>();
export const errors = new Map<string, number>();
export const errorSamples: string[] = [];
export const pending = new Set<Promise<unknown>>();

// The one seeded generator of the tests and scripts: two runs of a step draw the same journeys.
let random = Math.random;
export const seedRandom = (seed: number) => (random = mulberry32(seed));
export const draw = () => random();
export const chance = (p: number) => random() < p;
export const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Failed extends Error {}

export interface Call {
  method?: 'GET' | 'POST';
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  raw?: { data: Buffer; contentType: string };
}

/** One request, timed from send to the last byte of the reply; a non-2xx reply is an error of its endpoint. */
export async function call<T = unknown>(spec: DayLoadSpec, endpoint: string, path: string, c: Call = {}): Promise<T> {
  const method = c.method ?? (c.body !== undefined || c.raw ? 'POST' : 'GET');
  const headers: Record<string, string> = { ...c.headers };
  if (c.token) headers.authorization = `Bearer ${c.token}`;
  // Every change carries a key, as the web app's; a login is not a change.
  if (method === 'POST' && endpoint !== 'login') headers['idempotency-key'] = randomUUID();
  let body: string | Buffer | undefined;
  if (c.raw) {
    headers['content-type'] = c.raw.contentType;
    body = c.raw.data;
  } else if (c.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
  }
  const started = performance.now();
  let status = 0;
  let text: string;
  try {
    const res = await fetch(`${spec.base}${path}`, { method, headers, body });
    status = res.status;
    text = await res.text();
  } catch (err) {
    text = (err as Error).message;
  }
  const ms = performance.now() - started;
  if (!latencies.has(endpoint)) latencies.set(endpoint, []);
  latencies.get(endpoint)!.push(ms);
  if (status < 200 || status >= 300) {
    errors.set(endpoint, (errors.get(endpoint) ?? 0) + 1);
    if (errorSamples.length < 20) errorSamples.push(`${endpoint} ${status} ${text.slice(0, 200)}`);
    throw new Failed(`${endpoint}: ${status}`);
  }
  return (JSON.parse(text) as { data: T }).data;
}

/** Fire and forget, but the step waits for it before it reports. */
export function background(work: Promise<unknown>): void {
  const p = work.catch(() => undefined);
  pending.add(p);
  void p.finally(() => pending.delete(p));
}
