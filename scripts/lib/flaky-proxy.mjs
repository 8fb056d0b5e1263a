// The fault-injecting HTTP proxy of `npm run soak:flaky` (scripts/soak-flaky.mjs), with a fixed-seed random.
import http from 'node:http';
import net from 'node:net';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const between = (rand, [lo, hi]) => Math.round(lo + rand() * (hi - lo));

/** A free port on 127.0.0.1 for the app (startApp needs it up front). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// --- the flaky proxy ------------------------------------------------------------------------

const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade', 'te', 'trailer']);
const withoutHop = (headers) => Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP_HEADERS.has(k.toLowerCase())));

/**
 * node:http in front of the app (`faults`: the share of requests dropped before, replies dropped
 * after, and delayed; `delayMs`: the short and late delay ranges; `lateShare`: of the delayed, how
 * many past the client's timeout). Per request, in arrival order: drop it before forwarding
 * (the connection is destroyed), or delay it, then forward; once the app has answered, drop
 * the reply (destroy the connection) or delay it, else pass it on.
 */
export function startProxy(upstream, rand, { faults: FAULTS, delayMs: DELAY_MS, lateShare: LATE_SHARE }) {
  const stats = { received: 0, droppedBefore: 0, droppedAfter: 0, delayed: 0, delayedLate: 0, forwarded: 0 };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const target = new URL(upstream);
  const delay = () => {
    if (rand() >= FAULTS.delay) return 0;
    stats.delayed++;
    const late = rand() < LATE_SHARE;
    if (late) stats.delayedLate++;
    return between(rand, late ? DELAY_MS.late : DELAY_MS.short);
  };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      stats.received++;
      // All choices for this request are drawn now, in arrival order, from the seeded stream.
      const dropBefore = rand() < FAULTS.dropRequest;
      const dropAfter = !dropBefore && rand() < FAULTS.dropReply;
      const before = dropBefore ? 0 : delay();
      const after = dropBefore || dropAfter ? 0 : delay();
      if (dropBefore) {
        stats.droppedBefore++;
        req.socket.destroy();
        return;
      }
      if (before) await sleep(before);
      // A delayed request is forwarded even when its phone has given up: the late original of a retry.
      stats.forwarded++;
      const up = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...withoutHop(req.headers), host: target.host }, agent },
        (upRes) => {
          const body = [];
          upRes.on('data', (c) => body.push(c));
          upRes.on('end', async () => {
            if (dropAfter) {
              // The server has applied it; the phone never hears the answer.
              stats.droppedAfter++;
              req.socket.destroy();
              return;
            }
            if (after) await sleep(after);
            if (res.destroyed || req.socket.destroyed) return;
            const payload = Buffer.concat(body);
            res.writeHead(upRes.statusCode ?? 502, { ...withoutHop(upRes.headers), 'content-length': payload.length });
            res.end(payload);
          });
        },
      );
      up.on('error', () => req.socket.destroy());
      up.end(Buffer.concat(chunks));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        base: `http://127.0.0.1:${server.address().port}`,
        stats,
        close: () => {
          server.closeAllConnections?.();
          server.close();
          agent.destroy();
        },
      });
    });
  });
}
