import { describe, expect, it } from 'vitest';
import { channelByAppId, CHANNELS, ERROR_HTTP_STATUS, ERROR_MESSAGES, hasRoleAtLeast, ORDER_STATUS_ROUTE, ROLE } from './index';

describe('contract', () => {
  it('pairs the seven channels exactly as the spec lists them', () => {
    expect(CHANNELS.map((c) => `${c.appId} ${c.appName}`)).toEqual([
      '379 alfagift',
      '410 jd',
      '91 alfamind',
      '95 alfamikro',
      '901 simobi',
      '911 widya_shop',
      '87 alfacart',
    ]);
    expect(channelByAppId(87)?.appName).toBe('alfacart');
    expect(channelByAppId(1)).toBeUndefined();
  });

  it('sends each status back to its list', () => {
    expect(ORDER_STATUS_ROUTE[1101]).toBe('/order');
    expect(ORDER_STATUS_ROUTE[1104]).toBe('/list-done');
    expect(ORDER_STATUS_ROUTE[1106]).toBe('/list-cancel');
  });

  it('gives a higher role the rights of those below', () => {
    expect(hasRoleAtLeast(ROLE.STORE_CHIEF, ROLE.STAFF)).toBe(true);
    expect(hasRoleAtLeast(ROLE.STAFF, ROLE.STORE_CHIEF)).toBe(false);
    expect(hasRoleAtLeast(ROLE.SUPER_USER, ROLE.AREA_SUPERVISOR)).toBe(true);
  });

  it('has an HTTP status and an Indonesian message for every error code', () => {
    for (const code of Object.keys(ERROR_MESSAGES) as Array<keyof typeof ERROR_MESSAGES>) {
      expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_MESSAGES[code].length).toBeGreaterThan(5);
    }
  });
});
