import { afterEach, describe, expect, it } from 'vitest';
import { matQrValue } from '@gerai/contract';
import { forgetSecret, forgetSecretUnlessNew, readSecret, saveSecret } from './secret-store';

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
});
