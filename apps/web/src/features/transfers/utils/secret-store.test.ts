import { afterEach, describe, expect, it, vi } from 'vitest';
import { matQrValue } from '@gerai/contract';
import { forgetSecret, forgetSecretUnlessNew, forgetSecretsUnlessNew, readSecret, saveSecret } from './secret-store';

const MAT = 'MAT251122000041';
const TBS = 'TBS482913000041';
const secret = { pin: '482913', qr: matQrValue(TBS, '482913') };

afterEach(() => localStorage.clear());

describe('the secret store (PIN and QR kept on the sending phone)', () => {
  it('keeps the secret per transfer across reads, and a newer PIN replaces the older', () => {
    saveSecret(MAT, TBS, secret, 1000);
    expect(readSecret(MAT)).toEqual({ matNo: MAT, idTbsms: TBS, pin: '482913', qr: secret.qr, savedAt: 1000 });
    expect(readSecret('MAT251122000042')).toBeNull();
    saveSecret(MAT, TBS, { pin: '111222', qr: matQrValue(TBS, '111222') }, 2000);
    expect(readSecret(MAT)?.pin).toBe('111222');
  });

  it('drops an entry whose QR does not carry its own id and PIN', () => {
    localStorage.setItem(`gerai.mat.secret.${MAT}`, JSON.stringify({ matNo: MAT, idTbsms: TBS, pin: '482913', qr: matQrValue('TBS000', '482913') }));
    expect(readSecret(MAT)).toBeNull();
    expect(localStorage.getItem(`gerai.mat.secret.${MAT}`)).toBeNull();
    localStorage.setItem(`gerai.mat.secret.${MAT}`, '{not json');
    expect(readSecret(MAT)).toBeNull();
  });

  it('forgets it once the transfer is seen outside `new`', () => {
    saveSecret(MAT, TBS, secret);
    forgetSecretUnlessNew({ matNo: MAT, matStatus: 'new' });
    expect(readSecret(MAT)).not.toBeNull();
    forgetSecretUnlessNew({ matNo: MAT, matStatus: 'process' });
    expect(readSecret(MAT)).toBeNull();
    saveSecret(MAT, TBS, secret);
    forgetSecret(MAT);
    expect(readSecret(MAT)).toBeNull();
  });

  it('a list forgets the secrets of its transfers outside `new` with one read of the storage, not two calls per transfer', () => {
    saveSecret(MAT, TBS, secret);
    saveSecret('MAT251122000042', 'TBS482913000042', { pin: '482913', qr: matQrValue('TBS482913000042', '482913') });
    const list = Array.from({ length: 20 }, (_v, i) => ({ matNo: `MAT2511220001${String(i).padStart(2, '0')}`, matStatus: 'cancel' as const }));
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    try {
      forgetSecretsUnlessNew([...list, { matNo: MAT, matStatus: 'finish' }, { matNo: 'MAT251122000042', matStatus: 'new' }]);
      // Only the held secret of a transfer outside `new` is touched.
      expect(removeItem.mock.calls).toEqual([[`gerai.mat.secret.${MAT}`]]);
      expect(getItem.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      getItem.mockRestore();
      removeItem.mockRestore();
    }
    expect(readSecret(MAT)).toBeNull();
    expect(readSecret('MAT251122000042')).not.toBeNull();
  });
});
