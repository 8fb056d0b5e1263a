import { describe, expect, it } from 'vitest';
import { DEV_JWT_SECRET, defaultChannelSecrets, loadConfig } from './config';

const POSTGRES = 'postgres://gerai@db.internal:5432/gerai';
const REAL_JWT_SECRET = 'a'.repeat(64);
const REAL_CHANNEL_SECRETS = JSON.stringify({ 379: 'b'.repeat(64), 410: 'c'.repeat(64) });

describe('JWT_SECRET', () => {
  it('refuses to run on PostgreSQL with the public development secret, saying how to set one', () => {
    for (const env of [{ DATABASE_URL: POSTGRES }, { DATABASE_URL: POSTGRES, JWT_SECRET: DEV_JWT_SECRET }]) {
      expect(() => loadConfig(env)).toThrow(/JWT_SECRET.*DATABASE_URL.*openssl rand -hex 32/);
    }
  });

  it('runs on PostgreSQL with a secret of its own', () => {
    const secret = 'f'.repeat(64);
    // Channel secrets of its own too (see "outside development" below).
    expect(loadConfig({ DATABASE_URL: POSTGRES, JWT_SECRET: secret, CHANNEL_SECRETS: REAL_CHANNEL_SECRETS })).toMatchObject({ DATABASE_URL: POSTGRES, JWT_SECRET: secret });
  });

  it('keeps the development secret for the embedded database', () => {
    expect(loadConfig({}).JWT_SECRET).toBe(DEV_JWT_SECRET);
    expect(loadConfig({ DATABASE_URL: '' }).JWT_SECRET).toBe(DEV_JWT_SECRET);
  });
});

describe('outside development', () => {
  it('refuses the public development secrets with NODE_ENV=production, naming each variable to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is the public development default.*NODE_ENV=production.*openssl rand -hex 32.*CHANNEL_SECRETS/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: REAL_JWT_SECRET })).toThrow(/CHANNEL_SECRETS has the public development default .* channel 87, 91, 95, 379, 410, 901, 911/);
    expect(() => loadConfig({ NODE_ENV: 'production', CHANNEL_SECRETS: REAL_CHANNEL_SECRETS })).toThrow(/^Invalid configuration: JWT_SECRET/);
  });

  it('refuses a demo or short channel secret among real ones, and the demo channel secrets on PostgreSQL', () => {
    const demo = defaultChannelSecrets();
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: REAL_JWT_SECRET, CHANNEL_SECRETS: JSON.stringify({ 379: 'b'.repeat(64), 410: demo['410'] }) })).toThrow(/channel 410\b/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: REAL_JWT_SECRET, CHANNEL_SECRETS: JSON.stringify({ 379: 'short-but-8' }) })).toThrow(/under 32 characters for channel 379/);
    expect(() => loadConfig({ DATABASE_URL: POSTGRES, JWT_SECRET: REAL_JWT_SECRET })).toThrow(/CHANNEL_SECRETS.*DATABASE_URL/);
  });

  it('starts with secrets of its own', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: REAL_JWT_SECRET, CHANNEL_SECRETS: REAL_CHANNEL_SECRETS });
    expect(config.channelSecrets).toEqual({ 379: 'b'.repeat(64), 410: 'c'.repeat(64) });
  });

  it('keeps the demo secrets for development and tests on the embedded database (npm start, the test harness)', () => {
    for (const NODE_ENV of [undefined, 'development', 'test'] as const) {
      const config = loadConfig(NODE_ENV ? { NODE_ENV } : {});
      expect(config.JWT_SECRET).toBe(DEV_JWT_SECRET);
      expect(config.channelSecrets).toEqual(defaultChannelSecrets());
    }
  });

  it('says what is wrong with CHANNEL_SECRETS that is not a JSON object of secrets', () => {
    expect(() => loadConfig({ CHANNEL_SECRETS: '379=secret' })).toThrow(/CHANNEL_SECRETS must be a JSON object/);
    expect(() => loadConfig({ CHANNEL_SECRETS: '{"abc":"long-enough-secret"}' })).toThrow(/CHANNEL_SECRETS/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, so X-Forwarded-For from a client is not believed', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('takes proxy addresses and CIDRs, or true, and refuses a hop count (which cannot check who sent the header)', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY.*hop count/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8, loopback' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses what is not an address, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(/TRUST_PROXY.*proxy\.internal/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('channel signature window', () => {
  it('is five minutes unless configured', () => {
    expect(loadConfig({}).CHANNEL_SIGNATURE_TOLERANCE_SECONDS).toBe(300);
    expect(loadConfig({ CHANNEL_SIGNATURE_TOLERANCE_SECONDS: '60' }).CHANNEL_SIGNATURE_TOLERANCE_SECONDS).toBe(60);
    expect(() => loadConfig({ CHANNEL_SIGNATURE_TOLERANCE_SECONDS: '0' })).toThrow(/CHANNEL_SIGNATURE_TOLERANCE_SECONDS/);
  });
});

describe('service levels and escalation', () => {
  it('take the contract defaults, and decimal minutes (tests run in seconds)', () => {
    const config = loadConfig({});
    expect([config.SLA_NEW_MINUTES, config.SLA_PACKING_MINUTES, config.SLA_IN_PROGRESS_MINUTES]).toEqual([10, 30, 120]);
    expect([config.ESCALATION_STORE_MINUTES, config.ESCALATION_CHIEF_MINUTES, config.ESCALATION_AREA_MINUTES]).toEqual([10, 15, 20]);
    expect(config.ESCALATION_POLL_SECONDS).toBe(30);
    const fast = loadConfig({ SLA_NEW_MINUTES: '0.1', ESCALATION_STORE_MINUTES: '0.1', ESCALATION_CHIEF_MINUTES: '0.2', ESCALATION_AREA_MINUTES: '0.3', ESCALATION_POLL_SECONDS: '0.5' });
    expect([fast.SLA_NEW_MINUTES, fast.ESCALATION_STORE_MINUTES, fast.ESCALATION_CHIEF_MINUTES, fast.ESCALATION_AREA_MINUTES, fast.ESCALATION_POLL_SECONDS]).toEqual([0.1, 0.1, 0.2, 0.3, 0.5]);
  });

  it('refuses minutes that are not positive and a poll under 0.2 s, naming the variable', () => {
    expect(() => loadConfig({ SLA_PACKING_MINUTES: '0' })).toThrow(/SLA_PACKING_MINUTES/);
    expect(() => loadConfig({ SLA_IN_PROGRESS_MINUTES: 'soon' })).toThrow(/SLA_IN_PROGRESS_MINUTES/);
    expect(() => loadConfig({ ESCALATION_STORE_MINUTES: '-1' })).toThrow(/ESCALATION_STORE_MINUTES/);
    expect(() => loadConfig({ ESCALATION_POLL_SECONDS: '0.1' })).toThrow(/ESCALATION_POLL_SECONDS/);
  });

  it('refuses an escalation level that does not come after the one before, saying which', () => {
    expect(() => loadConfig({ ESCALATION_CHIEF_MINUTES: '10' })).toThrow(/ESCALATION_CHIEF_MINUTES \(10\) must be more than ESCALATION_STORE_MINUTES \(10\)/);
    expect(() => loadConfig({ ESCALATION_AREA_MINUTES: '12' })).toThrow(/ESCALATION_AREA_MINUTES \(12\) must be more than ESCALATION_CHIEF_MINUTES \(15\)/);
    expect(() => loadConfig({ ESCALATION_STORE_MINUTES: '30' })).toThrow(/ESCALATION_CHIEF_MINUTES \(15\) must be more than ESCALATION_STORE_MINUTES \(30\)/);
  });
});
