import { describe, expect, it } from 'vitest';
import { POD_APPROVAL_STATUS } from '@gerai/contract';
import { listRequests } from '../modules/pod/queries';
import { DEMO_NIK } from '../seed/demo-data';
import { describeOnPostgres, preparedBy, memberOf } from '../test/plans';
import type { Db } from './client';
import { preparedRead } from './prepared';

describe('preparedRead', () => {
  it('builds a read once per database and shape, named by both', () => {
    const built: string[] = [];
    const read = preparedRead('queue', (_db, shape: string, as) => {
      built.push(as);
      return { execute: async () => as };
    });
    const a = {} as Db;
    const b = {} as Db;
    expect(read(a, 'st')).toBe(read(a, 'st'));
    read(a, '');
    read(b, 'st');
    expect(built).toEqual(['queue_st', 'queue', 'queue_st']);
  });
});

describeOnPostgres('a prepared read as the app sends it', (db) => {
  it('sends the POD queue as named statements: one store by equality, an area of ten as one array value', async () => {
    const query = { page: 1, size: 20, status: POD_APPROVAL_STATUS.PENDING, startDate: undefined, endDate: undefined, shipmentNo: undefined };
    const chief = await preparedBy(async () => listRequests(db().db, await memberOf(db(), DEMO_NIK.STORE_CHIEF), query));
    const area = await preparedBy(async () => listRequests(db().db, await memberOf(db(), DEMO_NIK.AREA_SUPERVISOR), query));
    const areaT001 = await preparedBy(async () => listRequests(db().db, await memberOf(db(), DEMO_NIK.AREA_SUPERVISOR), { ...query, storeCode: 'T001' }));
    const queue = (sent: typeof chief) => sent.filter((s) => /pod_approval_requests/.test(s.text));
    // A kepala toko's only store, or the one store asked for, is one value compared by equality.
    expect(queue(chief).map((s) => s.name).sort()).toEqual(['pod_queue_ct', 'pod_queue_n_ct']);
    expect(queue(areaT001)).toEqual(queue(chief));
    expect(queue(chief).every((s) => !s.text.includes('= any('))).toBe(true);
    // The stores are one array value, never a list written into the text: the same two statements serve any area.
    expect(queue(area).map((s) => s.name).sort()).toEqual(['pod_queue_n_st', 'pod_queue_st']);
    expect(queue(area).every((s) => s.text.includes('= any(') && !/ in \(/.test(s.text))).toBe(true);
  });
});
