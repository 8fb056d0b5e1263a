import { expect, it } from 'vitest';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, memberOf, preparedBy } from '../../test/plans';
import { memberView } from './service';

// Every screen's first read is the member (/members/me): its store is a prepared read (decision 163),
// one named statement for every member.

describeOnPostgres('the member as the app sends it', (db) => {
  it("reads the member's store as one named statement, the same for a crew and an area supervisor's chosen store", async () => {
    const crew = await memberOf(db(), DEMO_NIK.STAFF);
    const sent = await preparedBy(async () => expect((await memberView(db().db, crew)).store?.storeCode).toBe(crew.activeStoreCode));
    expect(sent.map((s) => s.name)).toEqual(['member_store']);
    const area = { ...(await memberOf(db(), DEMO_NIK.AREA_SUPERVISOR)), activeStoreCode: 'T005' };
    const areaSent = await preparedBy(async () => expect((await memberView(db().db, area)).store?.storeCode).toBe('T005'));
    expect(areaSent).toEqual(sent);
  });

  it('sends nothing for a member with no store chosen', async () => {
    const helpdesk = { ...(await memberOf(db(), DEMO_NIK.HELPDESK)), activeStoreCode: null };
    expect(await preparedBy(async () => expect((await memberView(db().db, helpdesk)).store).toBeNull())).toEqual([]);
  });
});
