import { describe, expect, it } from 'vitest';
import { compareVersions, isVersionBelow } from './version';

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('v2.0.0', '10.0.0')).toBe(-1);
    expect(compareVersions('1.2.0-beta.1', '1.2.0')).toBe(0);
  });

  it('isVersionBelow drives the force update', () => {
    expect(isVersionBelow('1.0.0', '1.0.1')).toBe(true);
    expect(isVersionBelow('1.0.0', '1.0.0')).toBe(false);
    expect(isVersionBelow('2.0.0', '1.9.0')).toBe(false);
  });
});
