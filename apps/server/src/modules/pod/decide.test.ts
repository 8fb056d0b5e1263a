import { describe, expect, it } from 'vitest';
import { CAPTURE_CLOCK_SKEW_MS, decideCapture, decidePod, decidePodAt, podLimits } from './decide';
import { bearingDegrees, compassPoint, describeDirection, distanceMeters, formatDistance, offsetPoint, POD_DEFAULTS } from '@gerai/contract';
import { loadConfig } from '../../config';
import { seededRandom } from '../../test/random';

const limits = { radiusM: 150, maxAccuracyM: 100 };
const customer = { lat: -6.2607, lng: 106.8137 };

describe('decidePod: the scan-and-go rule', () => {
  it('completes inside the radius with a good fix, and exactly at the boundary', () => {
    expect(decidePod(0, 5, limits)).toBe('inside');
    expect(decidePod(149.9, 5, limits)).toBe('inside');
    expect(decidePod(150, 5, limits)).toBe('inside');
  });

  it('never completes outside the radius, however good the fix', () => {
    expect(decidePod(150.000001, 0, limits)).toBe('outside');
    expect(decidePod(151, 1, limits)).toBe('outside');
    expect(decidePod(5000, 3, limits)).toBe('outside');
  });

  it('does not widen the radius by the accuracy: 160 m reported ±50 m is outside', () => {
    expect(decidePod(160, 50, limits)).toBe('outside');
  });

  it('refuses a fix too poor to decide on, inside or outside; the accuracy limit itself is accepted', () => {
    expect(decidePod(10, 100, limits)).toBe('inside');
    expect(decidePod(10, 100.01, limits)).toBe('inaccurate');
    expect(decidePod(400, 250, limits)).toBe('inaccurate');
  });

  it('never completes on values that are not finite numbers', () => {
    expect(decidePod(Number.NaN, 5, limits)).toBe('outside');
    expect(decidePod(Number.POSITIVE_INFINITY, 5, limits)).toBe('outside');
    expect(decidePod(10, Number.NaN, limits)).toBe('inaccurate');
    expect(decidePod(10, -1, limits)).toBe('inaccurate');
  });
});

describe('geo', () => {
  it('measures haversine distance, symmetric and consistent with offsetPoint', () => {
    const p = offsetPoint(customer.lat, customer.lng, 320, (315 * Math.PI) / 180);
    const d = distanceMeters(customer, { lat: p.lat, lng: p.lng });
    expect(d).toBeGreaterThan(319);
    expect(d).toBeLessThan(321);
    expect(distanceMeters(p, customer)).toBeCloseTo(d, 9);
    expect(distanceMeters(customer, customer)).toBe(0);
  });

  it('gives the bearing and the 8-point Indonesian compass point', () => {
    const at = (deg: number) => offsetPoint(customer.lat, customer.lng, 500, (deg * Math.PI) / 180);
    expect(bearingDegrees(customer, at(0))).toBeCloseTo(0, 0);
    expect(bearingDegrees(customer, at(90))).toBeCloseTo(90, 0);
    expect(bearingDegrees(customer, at(225))).toBeCloseTo(225, 0);
    const names = [0, 45, 90, 135, 180, 225, 270, 315].map(compassPoint);
    expect(names).toEqual(['utara', 'timur laut', 'timur', 'tenggara', 'selatan', 'barat daya', 'barat', 'barat laut']);
    expect(compassPoint(22.4)).toBe('utara');
    expect(compassPoint(22.6)).toBe('timur laut');
    expect(compassPoint(337.6)).toBe('utara');
  });

  it('describes where the crew was: "320 m ke arah barat laut"', () => {
    const p = offsetPoint(customer.lat, customer.lng, 320, (315 * Math.PI) / 180);
    const d = describeDirection(customer, p);
    expect(d.direction).toBe('barat laut');
    expect(d.text).toBe('320 m ke arah barat laut');
    expect(d.bearingDeg).toBeGreaterThan(314);
    expect(d.bearingDeg).toBeLessThan(316);
    expect(formatDistance(1234)).toBe('1,2 km');
    expect(describeDirection(customer, customer).text).toBe('tepat di titik pelanggan');
  });
});

describe('property: random positions around a customer', () => {
  it('never completes outside the radius and always completes inside with a good fix (2,000 seeded points)', () => {
    const rand = seededRandom(20261122);
    let inside = 0;
    let outside = 0;
    let inaccurate = 0;
    for (let i = 0; i < 2000; i++) {
      const c = { lat: -6.1 - rand() * 0.5, lng: 106.6 + rand() * 0.5 };
      const point = offsetPoint(c.lat, c.lng, rand() * 1000, rand() * 2 * Math.PI);
      const accuracy = rand() < 0.8 ? rand() * 100 : 100 + rand() * 400;
      const radiusM = [50, 100, 150, 300][Math.floor(rand() * 4)]!;
      const { verdict, distanceM } = decidePodAt(c, point, accuracy, { radiusM, maxAccuracyM: 100 });
      // The oracle, written independently of decidePod.
      const trueDistance = distanceMeters(c, point);
      expect(distanceM).toBe(trueDistance);
      if (trueDistance > radiusM) expect(verdict, `#${i} at ${trueDistance} m`).not.toBe('inside');
      if (trueDistance <= radiusM && accuracy <= 100) expect(verdict, `#${i} at ${trueDistance} m ±${accuracy}`).toBe('inside');
      if (accuracy > 100) expect(verdict).toBe('inaccurate');
      if (verdict === 'inside') inside++;
      else if (verdict === 'outside') outside++;
      else inaccurate++;
    }
    // The sample really exercised every branch.
    expect(inside).toBeGreaterThan(50);
    expect(outside).toBeGreaterThan(500);
    expect(inaccurate).toBeGreaterThan(100);
  });
});

describe('decideCapture: the capture-time rule', () => {
  const received = new Date('2026-11-22T05:00:00.000Z');
  const before = (ms: number) => new Date(received.getTime() - ms);
  const max = { captureMaxAgeMin: 120 };

  it('decides on a position taken up to the maximum age before it arrived, the limit itself included', () => {
    expect(decideCapture(received, received, max)).toBe('recent');
    expect(decideCapture(before(119 * 60_000), received, max)).toBe('recent');
    expect(decideCapture(before(120 * 60_000), received, max)).toBe('recent');
  });

  it('refuses one taken longer ago', () => {
    expect(decideCapture(before(120 * 60_000 + 1), received, max)).toBe('too-old');
    expect(decideCapture(before(24 * 3600_000), received, max)).toBe('too-old');
    expect(decideCapture(before(31 * 60_000), received, { captureMaxAgeMin: 30 })).toBe('too-old');
  });

  it('allows a phone clock a little ahead of the server, and refuses one further ahead', () => {
    expect(decideCapture(before(-CAPTURE_CLOCK_SKEW_MS), received, max)).toBe('recent');
    expect(decideCapture(before(-CAPTURE_CLOCK_SKEW_MS - 1), received, max)).toBe('in-future');
  });

  it('never decides on an unreadable time', () => {
    expect(decideCapture(new Date('nonsense'), received, max)).toBe('too-old');
  });

  it('takes the maximum age from config (POD_CAPTURE_MAX_AGE_MINUTES, by default the contract\'s 120)', () => {
    const base = { POD_RADIUS_METERS: 150, POD_MAX_ACCURACY_METERS: 100, POD_REQUEST_MAX_METERS: 1000 };
    expect(podLimits({ ...base, POD_CAPTURE_MAX_AGE_MINUTES: 45 }).captureMaxAgeMin).toBe(45);
    expect(loadConfig({ NODE_ENV: 'test' }).POD_CAPTURE_MAX_AGE_MINUTES).toBe(POD_DEFAULTS.captureMaxAgeMin);
    expect(loadConfig({ NODE_ENV: 'test', POD_CAPTURE_MAX_AGE_MINUTES: '30' }).POD_CAPTURE_MAX_AGE_MINUTES).toBe(30);
  });
});
