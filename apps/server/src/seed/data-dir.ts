import path from 'node:path';
import type { Config } from '../config';

/** The repository root; a relative DATA_DIR means the same folder whichever workspace runs the command. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export function resolveDataDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.isAbsolute(config.DATA_DIR) ? config.DATA_DIR : path.resolve(REPO_ROOT, config.DATA_DIR);
}
