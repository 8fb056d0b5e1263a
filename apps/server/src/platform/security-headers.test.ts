import { describe, expect, it } from 'vitest';
import { computeSecurityHeaders } from './security-headers';

describe('computeSecurityHeaders', () => {
  it('holds what helmet sets, with our CSP, and no X-Powered-By', () => {
    const headers = computeSecurityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'wasm-unsafe-eval'"] } }, crossOriginEmbedderPolicy: false });
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  });
});
