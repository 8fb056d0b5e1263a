// Debian's prometheus package (`apt-get install -y prometheus`; .ci/run installs it): its promtool
// checks and unit-tests deploy/prometheus/alerts.yml, and a real Prometheus scrapes the endpoint.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testContextPerFile } from '../test/harness';
import { serveMetrics } from './metrics';

const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';
const RULES_DIR = path.resolve(import.meta.dirname, '../../../../deploy/prometheus');
const missing = (bin: string) => !existsSync(bin);
if (missing(PROMETHEUS) || missing(PROMTOOL)) {
  console.warn(`Skipped: ${PROMETHEUS} and ${PROMTOOL} are not installed (Debian: apt-get install -y prometheus; .ci/run installs it).`);
}

const ctx = testContextPerFile({}, { METRICS_PORT: '0' });

describe.skipIf(missing(PROMTOOL))('alert rules (promtool)', () => {
  it('are valid and fire on what they are for, not on their look-alikes', () => {
    for (const args of [['check', 'rules', 'alerts.yml'], ['test', 'rules', 'alerts.test.yml'], ['check', 'config', 'prometheus.yml']]) {
      const run = spawnSync(PROMTOOL, args, { cwd: RULES_DIR, encoding: 'utf8' });
      expect(run.status, `promtool ${args.join(' ')}:\n${run.stdout}${run.stderr}`).toBe(0);
    }
  });
});

/** A free port on 127.0.0.1 for Prometheus' own web API. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(missing(PROMETHEUS))('a real Prometheus', () => {
  it('scrapes the metrics port: the target is up and a gerai metric is stored', { timeout: 60_000 }, async () => {
    const metrics = await serveMetrics(ctx.app.metrics!, '127.0.0.1', 0);
    const dir = mkdtempSync(path.join(tmpdir(), 'gerai-prometheus-'));
    const webPort = await freePort();
    writeFileSync(
      path.join(dir, 'prometheus.yml'),
      `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: gerai\n    static_configs:\n      - targets: ['127.0.0.1:${metrics.port}']\n`,
    );
    const prometheus = spawn(PROMETHEUS, [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${webPort}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    prometheus.stderr!.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
    const query = async (q: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> => {
      try {
        const res = await fetch(`http://127.0.0.1:${webPort}/api/v1/query?query=${encodeURIComponent(q)}`);
        return res.ok ? ((await res.json()) as { data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } }).data.result : [];
      } catch {
        return [];
      }
    };
    try {
      // A request first, so the duration histogram has a series to store.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const deadline = Date.now() + 45_000;
      let up: Awaited<ReturnType<typeof query>> = [];
      let requests: Awaited<ReturnType<typeof query>> = [];
      while (Date.now() < deadline) {
        [up, requests] = await Promise.all([query('up{job="gerai"}'), query('gerai_http_request_duration_seconds_count{route="/api/health"}')]);
        if (up[0]?.value[1] === '1' && requests.length > 0) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(up[0]?.value[1], `Prometheus never scraped the target:\n${log}`).toBe('1');
      expect(requests[0]?.metric).toMatchObject({ job: 'gerai', method: 'GET', route: '/api/health', status: '200' });
      expect(Number(requests[0]?.value[1])).toBeGreaterThanOrEqual(1);
    } finally {
      prometheus.kill('SIGTERM');
      await new Promise((r) => prometheus.once('exit', r));
      await metrics.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
