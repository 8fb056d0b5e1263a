import { describe, expect, it } from 'vitest';
import { getAs, testContextPerFile } from '../../test/harness';

const ctx = testContextPerFile();
const get = (nik: string, url: string) => getAs(ctx, nik, url);

async function post(nik: string, url: string, payload: unknown) {
  const { authorization } = await ctx.loginAs(nik);
  return ctx.app.inject({ method: 'POST', url, headers: { authorization }, payload: payload as object });
}

describe('member profile', () => {
  it('shows the second and third words of the store name', async () => {
    const res = await get('10000001', '/api/members/me');
    expect(res.json().data).toMatchObject({
      nik: '10000001',
      roleID: 1,
      roleName: 'Staf Toko',
      storeName: 'Kemang Raya',
      store: { storeCode: 'T001', storeName: 'Toko Kemang Raya' },
      storeCodes: ['T001'],
    });
  });

  it('gives each demo role its store scope', async () => {
    expect((await get('20000001', '/api/members/me')).json().data).toMatchObject({ roleID: 2, storeCodes: ['T001'] });
    const supervisor = (await get('30000001', '/api/members/me')).json().data;
    expect(supervisor.roleID).toBe(3);
    expect(supervisor.storeCodes).toHaveLength(10);
    expect((await get('40000001', '/api/members/me')).json().data).toMatchObject({ roleID: 4, store: null });
    expect((await get('90000001', '/api/members/me')).json().data).toMatchObject({ roleID: 9, store: null });
  });
});

describe('store choice and scope', () => {
  it('lets an area supervisor work in one of their stores but not another', async () => {
    const ok = await post('30000001', '/api/members/me/store', { storeCode: 'T005' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.store.storeCode).toBe('T005');
    const outside = await post('30000001', '/api/members/me/store', { storeCode: 'T020' });
    expect(outside.statusCode).toBe(404);
  });

  it('keeps staff in their own store', async () => {
    const res = await post('10000002', '/api/members/me/store', { storeCode: 'T001' });
    expect(res.statusCode).toBe(404);
  });

  it('lists only the stores a caller may see', async () => {
    expect((await get('10000001', '/api/stores')).json().data.total).toBe(1);
    expect((await get('30000001', '/api/stores?size=50')).json().data.total).toBe(10);
    const all = (await get('90000001', '/api/stores?query=kemang')).json().data;
    expect(all.items[0]).toMatchObject({ storeCode: 'T001' });
    expect((await get('90000001', '/api/stores')).json().data.total).toBeGreaterThanOrEqual(50);
  });

  it('asks a super user to pick a store before store screens', async () => {
    const res = await get('90000001', '/api/orders/count');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('STORE_REQUIRED');
    await post('90000001', '/api/members/me/store', { storeCode: 'T001' });
    expect((await get('90000001', '/api/orders/count')).statusCode).toBe(200);
  });
});
