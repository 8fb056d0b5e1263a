// Renders deploy/nginx/gerai.conf for one machine: its three placeholders and nothing else.
//   {{LISTEN}}    nginx's listen address (e.g. 443 ssl, or 127.0.0.1:8080)
//   {{UPSTREAM}}  a Gerai process's host:port; the line holding it is repeated once per process
//   {{LOG_DIR}}   the access log's directory
// `npm run topology` renders the file this way; in production:
//   node scripts/topology-render.mjs --listen 80 --upstream 127.0.0.1:3001,127.0.0.1:3002,127.0.0.1:3003 \
//     --log-dir /var/log/nginx > /etc/nginx/conf.d/gerai.conf
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SITE_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../deploy/nginx/gerai.conf');

export function renderSite(text, { listen, upstreams, logDir }) {
  if (!listen || !logDir || !upstreams?.length) throw new Error('renderSite needs listen, logDir and at least one upstream');
  const lines = text.split('\n').flatMap((line) => (line.includes('{{UPSTREAM}}') ? upstreams.map((u) => line.replaceAll('{{UPSTREAM}}', u)) : [line]));
  const out = lines.join('\n').replaceAll('{{LISTEN}}', listen).replaceAll('{{LOG_DIR}}', logDir);
  const left = out.match(/\{\{[A-Z_]+\}\}/);
  if (left) throw new Error(`${left[0]} has no value`);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const value = (name) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  try {
    process.stdout.write(
      renderSite(readFileSync(SITE_FILE, 'utf8'), {
        listen: value('listen'),
        upstreams: (value('upstream') ?? '').split(',').filter(Boolean),
        logDir: value('log-dir') ?? '/var/log/nginx',
      }),
    );
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : String(err)}\nusage: node scripts/topology-render.mjs --listen 80 --upstream 127.0.0.1:3001,127.0.0.1:3002 [--log-dir /var/log/nginx]`);
    process.exit(2);
  }
}
