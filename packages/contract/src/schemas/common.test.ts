import { describe, expect, it } from 'vitest';
import { CANCEL_TEXT, POD_REASON_OTHER, POD_TEXT } from '../limits';
import { FIELD_MESSAGES } from '../messages';
import { cancelBodySchema } from './cancellations';
import { storeCodeSchema } from './common';
import { podRejectBodySchema } from './pod-requests';

const SHIPMENT = 'SHP2611200000001';
const issuesOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('refineOtherReason: "Lainnya" needs the reason written out', () => {
  it('refuses "Lainnya" with no text or too short a text on the reason text, and takes a listed reason without any', () => {
    const short = 'x'.repeat(CANCEL_TEXT.reasonTextMin - 1);
    expect(issuesOf(cancelBodySchema.safeParse({ shipmentNo: SHIPMENT, reasonId: POD_REASON_OTHER.id }))).toEqual([{ path: 'reasonText', message: FIELD_MESSAGES.reasonTextRequired }]);
    expect(issuesOf(cancelBodySchema.safeParse({ shipmentNo: SHIPMENT, reasonId: POD_REASON_OTHER.id, reasonText: short }))).toEqual([{ path: 'reasonText', message: FIELD_MESSAGES.reasonTextRequired }]);
    expect(cancelBodySchema.safeParse({ shipmentNo: SHIPMENT, reasonId: POD_REASON_OTHER.id, reasonText: 'x'.repeat(CANCEL_TEXT.reasonTextMin) }).success).toBe(true);
    expect(cancelBodySchema.safeParse({ shipmentNo: SHIPMENT, reasonId: 2 }).success).toBe(true);
  });

  it('checks the fields it is named for: a rejection\'s own reason and text, with its own message', () => {
    expect(issuesOf(podRejectBodySchema.safeParse({ rejectReasonId: POD_REASON_OTHER.id }))).toEqual([{ path: 'rejectReasonText', message: FIELD_MESSAGES.rejectReasonTextRequired }]);
    expect(podRejectBodySchema.safeParse({ rejectReasonId: POD_REASON_OTHER.id, rejectReasonText: 'x'.repeat(POD_TEXT.reasonTextMin) }).success).toBe(true);
    expect(podRejectBodySchema.safeParse({ rejectReasonId: 1 }).success).toBe(true);
  });
});

describe('storeCodeSchema: a chain of 20,000 stores fits', () => {
  it('takes T and 3 to 5 digits, and says so in Indonesian for anything else', () => {
    for (const code of ['T001', 'T0420', 'T20000', 'T99999']) expect(storeCodeSchema.safeParse(code).success).toBe(true);
    for (const code of ['T01', 'T100000', 'X0001', 't001', 'T00A1']) {
      expect(issuesOf(storeCodeSchema.safeParse(code))).toEqual([{ path: '', message: FIELD_MESSAGES.storeCodeInvalid }]);
    }
  });
});
