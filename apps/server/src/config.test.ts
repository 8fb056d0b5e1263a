import { describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET, loadConfig } from './config';

const POSTGRES = 'postgres://gerai@db.internal:5432/gerai';

describe('JWT_SECRET', () => {
  it('refuses to run on PostgreSQL with the public development secret, saying how to set one', () => {
    for (const env of [{ DATABASE_URL: POSTGRES }, { DATABASE_URL: POSTGRES, JWT_SECRET: DEV_JWT_SECRET }]) {
      expect(() => loadConfig(env)).toThrow(/JWT_SECRET.*DATABASE_URL.*openssl rand -hex 32/);
    }
  });

  it('runs on PostgreSQL with a secret of its own', () => {
    const secret = 'f'.repeat(64);
    expect(loadConfig({ DATABASE_URL: POSTGRES, JWT_SECRET: secret })).toMatchObject({ DATABASE_URL: POSTGRES, JWT_SECRET: secret });
  });

  it('keeps the development secret for the embedded database', () => {
    expect(loadConfig({}).JWT_SECRET).toBe(DEV_JWT_SECRET);
    expect(loadConfig({ DATABASE_URL: '' }).JWT_SECRET).toBe(DEV_JWT_SECRET);
  });
});
