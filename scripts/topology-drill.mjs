// Phase d of `npm run topology`: a backup taken under load from an exported snapshot (db:backup),
// restored into a new database (db:restore), a Gerai process started on it, and every table the
// snapshot holds compared there (count and checksum).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backup, restore } from './db-backup.mjs';

/** Returns the phase's note and the goals it missed. */
export async function backupDrill({ tmp, ports, dbUrl, sqlClient, contentsOf, writeEnvFile, startGerai, stopGerai, password, anOrder }) {
  const problems = [];
  const dump = path.join(tmp, 'gerai-drill.dump');
  const snap = await sqlClient(dbUrl('gerai'));
  await snap.query('begin isolation level repeatable read');
  const snapshot = (await snap.query('select pg_export_snapshot() as s')).rows[0].s;
  const held = await contentsOf(snap);
  const b0 = Date.now();
  await backup(dbUrl('gerai'), dump, { snapshot });
  await snap.query('commit');
  await snap.end();
  const backupMs = Date.now() - b0;
  const e0 = Date.now();
  await restore(dump, dbUrl('gerai_restored'));
  const restoreMs = Date.now() - e0;
  const restoredDb = await sqlClient(dbUrl('gerai_restored'));
  const restored = await contentsOf(restoredDb);
  await restoredDb.end();
  const differing = Object.keys(held).filter((t) => held[t].n !== restored[t]?.n || held[t].sum !== restored[t]?.sum);
  const rowsHeld = Object.values(held).reduce((n, t) => n + t.n, 0);
  if (differing.length) problems.push(`the restored database differs from the backup's snapshot in ${differing.join(', ')}`);
  const restoredEnv = path.join(tmp, 'gerai-restored.env');
  writeEnvFile(dbUrl('gerai_restored'), restoredEnv);
  writeFileSync(restoredEnv, readFileSync(restoredEnv, 'utf8').replace('SEED_ON_EMPTY=true', 'SEED_ON_EMPTY=false'));
  await startGerai(ports.restored, restoredEnv);
  const rToken = await (async () => {
    const res = await fetch(`http://127.0.0.1:${ports.restored}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nik: '10000001', password }) });
    return res.ok ? (await res.json()).data.token : null;
  })();
  const answers = rToken
    ? (await fetch(`http://127.0.0.1:${ports.restored}/api/orders/count`, { headers: { authorization: `Bearer ${rToken}` } })).ok &&
      (!anOrder || (await fetch(`http://127.0.0.1:${ports.restored}/api/orders/${anOrder.shipmentNo}`, { headers: { authorization: `Bearer ${rToken}` } })).ok)
    : false;
  if (!answers) problems.push('the Gerai process on the restored database did not answer a sign-in, the order count and an order');
  await stopGerai(ports.restored);
  const note =
    `backup ${backupMs} ms, restore ${restoreMs} ms; ${Object.keys(held).length} tables, ${rowsHeld} rows held: orders ${held.orders?.n}, stock ${held.store_stock?.n ?? '?'}, events ${held.events?.n}; ${differing.length ? `DIFFER: ${differing.join(', ')}` : 'every table equal (count and checksum)'}; Gerai on it ${answers ? 'answers' : 'DOES NOT answer'}`;
  return { note, problems };
}
