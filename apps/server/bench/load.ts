/**
 * Runs one autocannon measurement in its own process, so the load generator
 * does not share an event loop with the server it measures. Reads a LoadSpec
 * as JSON on stdin, writes a LoadResult as JSON on stdout.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  connections: number;
  durationSeconds: number;
  headers: Record<string, string>;
  method: 'GET' | 'POST';
  /** Paths to pick from at random per request (default: the url's path). */
  paths?: string[];
  /** JSON bodies to pick from at random, index-aligned with `paths` when both are given. */
  bodies?: string[];
  /** Send a fresh Idempotency-Key with every request, as the web app does for each change. */
  idempotencyKeys?: boolean;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

const pick = <T>(list: T[], i: number) => list[i % list.length]!;

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const spec = JSON.parse(input) as LoadSpec;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.durationSeconds,
    headers: spec.headers,
    requests: [
      {
        method: spec.method,
        setupRequest: (req) => {
          const i = Math.floor(Math.random() * 1_000_000);
          return {
            ...req,
            ...(spec.paths ? { path: pick(spec.paths, i) } : {}),
            ...(spec.bodies ? { body: pick(spec.bodies, i) } : {}),
            ...(spec.idempotencyKeys ? { headers: { ...req.headers, 'idempotency-key': randomUUID() } } : {}),
          };
        },
      },
    ],
  });
  const out: LoadResult = {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  process.stdout.write(JSON.stringify(out));
}

void main();
