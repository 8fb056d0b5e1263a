import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', () => {
    const hash = hashPassword('gerai123');
    expect(verifyPassword('gerai123', hash)).toBe(true);
    expect(verifyPassword('gerai124', hash)).toBe(false);
    expect(verifyPassword('', hash)).toBe(false);
  });

  it('stores scrypt$N$r$p$salt$hash with a fresh salt each time', () => {
    const a = hashPassword('gerai123');
    const b = hashPassword('gerai123');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(a.split('$')[5]!, 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(verifyPassword('gerai123', b)).toBe(true);
  });

  it('answers false for malformed or hostile hashes instead of throwing', () => {
    const good = hashPassword('x');
    const [, , , , salt, hash] = good.split('$');
    expect(verifyPassword('x', '')).toBe(false);
    expect(verifyPassword('x', 'bcrypt$2b$10$abc')).toBe(false);
    expect(verifyPassword('x', `scrypt$16384$8$1$${salt}`)).toBe(false);
    // N not a power of two, or large enough to stall the server.
    expect(verifyPassword('x', `scrypt$1000$8$1$${salt}$${hash}`)).toBe(false);
    expect(verifyPassword('x', `scrypt$1048576$8$1$${salt}$${hash}`)).toBe(false);
    expect(verifyPassword('x', `scrypt$16384$8$1$$${hash}`)).toBe(false);
  });

  it('accepts the dummy hash shape the login uses for unknown NIKs', () => {
    const dummy = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
    expect(verifyPassword('gerai123', dummy)).toBe(false);
  });
});
