// The deploy files as `npm run topology` reads them: the nginx site rendered, the systemd unit parsed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID_PATTERN } from '../packages/contract/src/request-id.ts';
import { renderSite, SITE_FILE } from './topology-render.mjs';
import { readUnit } from './topology-stack.mjs';

const NGINX = '/usr/sbin/nginx';

describe('deploy/nginx/gerai.conf', () => {
  const site = renderSite(readFileSync(SITE_FILE, 'utf8'), { listen: '127.0.0.1:8080', upstreams: ['127.0.0.1:3001', '127.0.0.1:3002'], logDir: '/tmp' });

  it('fills every placeholder, one upstream line per process', () => {
    expect(site).not.toMatch(/\{\{/);
    expect(site.match(/^\s*server 127\.0\.0\.1:300\d max_fails=1 fail_timeout=5s;$/gm)).toHaveLength(2);
    expect(site).toContain('listen 127.0.0.1:8080;');
    expect(() => renderSite('listen {{LISTEN}}; {{OTHER}}', { listen: '80', upstreams: ['a'], logDir: '/x' })).toThrow(/OTHER/);
  });

  it('never answers "no live upstreams" while a process is up: backups for the actions, a group of its own for the streams', () => {
    const group = (name) => site.match(new RegExp(`upstream ${name} \\{([^}]*)\\}`))?.[1] ?? '';
    // Every process is also a backup that is never left out, for when every one is.
    expect(group('gerai').match(/^\s*server 127\.0\.0\.1:300\d backup max_fails=0;$/gm)).toHaveLength(2);
    // A stream holds nginx's test of a left-out process until it ends, so streams go to a group
    // where no process is ever left out.
    expect(group('gerai_events').match(/^\s*server 127\.0\.0\.1:300\d max_fails=0;$/gm)).toHaveLength(2);
    expect(site).toMatch(/location = \/api\/events \{\s*proxy_pass http:\/\/gerai_events;/);
  });

  it('passes on a request id exactly when the app keeps it, so nginx and Gerai log the same id', () => {
    const kept = site.match(/map \$http_x_request_id \$gerai_request_id \{\s*"~(.+?)"\s+\$http_x_request_id;/);
    expect(kept?.[1]).toBe(REQUEST_ID_PATTERN.source);
  });

  it('resends to another process only GET/HEAD and keyed changes', () => {
    expect(site).toMatch(/"~\^\(GET\|HEAD\):"\s+1;/);
    const directives = (block) => block.split('\n').filter((l) => !l.trim().startsWith('#')).join('\n');
    const once = directives(site.slice(site.indexOf('location @gerai_once')));
    expect(once).toMatch(/proxy_next_upstream error timeout;/);
    expect(once).not.toContain('non_idempotent');
    // And the app's own 503 (the database is away for every process) is never a reason to resend.
    expect(directives(site)).not.toMatch(/proxy_next_upstream[^;]*http_503/);
  });

  it.skipIf(!existsSync(NGINX))('is a configuration nginx accepts', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gerai-nginx-test-'));
    try {
      writeFileSync(path.join(dir, 'site.conf'), site);
      writeFileSync(path.join(dir, 'nginx.conf'), `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp { include ${dir}/site.conf; }\n`);
      const res = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
      expect(res.status, res.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('deploy/systemd/gerai@.service', () => {
  it('runs the compiled server on the instance port with its own metrics port', () => {
    const unit = readUnit(readFileSync(path.resolve(import.meta.dirname, '../deploy/systemd/gerai@.service'), 'utf8'), '3001');
    expect(unit.execStart).toEqual(['/usr/bin/node', 'apps/server/dist/main.js']);
    expect(unit.environment).toMatchObject({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '3001', METRICS_PORT: '13001' });
    expect(unit.environmentFiles).toEqual(['/etc/gerai/gerai.env']);
    expect(unit.workingDirectory).toBe('/opt/gerai/current');
  });
});
