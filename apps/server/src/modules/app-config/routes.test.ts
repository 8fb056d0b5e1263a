import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POD_DEFAULTS } from '@gerai/contract';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { POD_RADIUS_METERS: '275', POD_MAX_ACCURACY_METERS: '60', POD_REQUEST_MAX_METERS: '900' });
});
afterAll(async () => ctx?.close());

describe('GET /api/app-config', () => {
  it('tells anyone the POD limits the server was configured with', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/app-config' });
    expect(res.statusCode).toBe(200);
    // The capture age was not configured here: its default is served.
    expect(res.json().data.pod).toEqual({ radiusM: 275, maxAccuracyM: 60, requestMaxM: 900, captureMaxAgeMin: POD_DEFAULTS.captureMaxAgeMin });
  });
});
