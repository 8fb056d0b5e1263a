import type { AppConfig } from '@gerai/contract';
import type { Db } from '../../db/client';
import type { PodLimits } from '../pod';
import { appConfig } from '../../db/schema';

/** Versions live in the database so they change without a deploy; env gives the floor. */
export async function readAppConfig(db: Db, fallbackMin: string, pod: PodLimits): Promise<AppConfig> {
  const rows = await db.select().from(appConfig);
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const minAppVersion = value('min_app_version') ?? fallbackMin;
  return {
    minAppVersion,
    latestAppVersion: value('latest_app_version') ?? minAppVersion,
    serverTime: new Date().toISOString(),
    pod,
  };
}
