import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps in-app paths and refuses other sites', () => {
    expect(safeRedirectPath('/list-proses?x=1')).toBe('/list-proses?x=1');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath('/login?next=/akun')).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
  });
});
