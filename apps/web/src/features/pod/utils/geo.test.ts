import { describe, expect, it } from 'vitest';
import { bearingDegrees, compassPoint, distanceMeters, formatDistance, relativePosition } from './geo';

const customer = { lat: -6.252874, long: 106.821662 };

describe('POD geodesy', () => {
  it('measures metres like the server (haversine)', () => {
    // The server answered 347.7 m for this point in a real run.
    expect(distanceMeters(customer, { lat: -6.256, long: 106.8216 })).toBeCloseTo(347.7, 0);
    expect(distanceMeters(customer, customer)).toBe(0);
  });

  it('gives the bearing clockwise from north and its Indonesian compass point', () => {
    expect(bearingDegrees(customer, { lat: customer.lat + 0.01, long: customer.long })).toBeCloseTo(0, 1);
    expect(bearingDegrees(customer, { lat: customer.lat, long: customer.long + 0.01 })).toBeCloseTo(90, 0);
    expect(bearingDegrees(customer, { lat: customer.lat - 0.01, long: customer.long })).toBeCloseTo(180, 1);
    expect(compassPoint(0)).toBe('utara');
    expect(compassPoint(44)).toBe('timur laut');
    expect(compassPoint(181)).toBe('selatan');
    expect(compassPoint(300)).toBe('barat laut');
    expect(compassPoint(359)).toBe('utara');
    expect(compassPoint(-90)).toBe('barat');
  });

  it('describes where a point lies seen from the customer', () => {
    const r = relativePosition(customer, { lat: -6.256, long: 106.8216 });
    expect(r.direction).toBe('selatan');
    expect(Math.round(r.distanceM)).toBe(348);
  });

  it('formats distances in metres, and kilometres with a decimal comma', () => {
    expect(formatDistance(347.7)).toBe('348 m');
    expect(formatDistance(1234)).toBe('1,2 km');
  });
});
