import { expect, it } from 'vitest';
import { uploads } from '../db/schema';
import { DEMO_NIK } from '../seed/demo-data';
import { describeOnPostgres, memberOf, preparedBy } from '../test/plans';
import { readUpload } from './uploads';

// An upload's bytes are one prepared read by id (decision 163): one text for every caller, the store checked on the row.
describeOnPostgres('an upload as the app reads it', (db) => {
  it('sends the file as one named statement, one text for one store and for an area of ten', async () => {
    const bytes = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const [upload] = await db().db.insert(uploads).values({ storeCode: 'T001', mime: 'image/png', size: bytes.length, sha256: 'x', bytes }).returning({ id: uploads.id });
    const read = async (nik: string) => {
      const p = await memberOf(db(), nik);
      return preparedBy(async () => expect((await readUpload(db().db, p, upload!.id)).bytes).toEqual(bytes));
    };
    const chief = await read(DEMO_NIK.STORE_CHIEF);
    expect(chief.map((s) => s.name)).toEqual(['upload_bytes']);
    expect(await read(DEMO_NIK.AREA_SUPERVISOR)).toEqual(chief);
  });
});
