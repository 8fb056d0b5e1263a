import { describe, expect, it } from 'vitest';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES, FIELD_MESSAGES } from '../messages';
import { POD_DEFAULTS } from '../limits';
import { appConfigSchema } from './app-config';
import { podScanGoBodySchema } from './pod';
import { podRequestBodySchema, podRequestDetailSchema } from './pod-requests';
import { primitiveKind } from './primitives';

// Issue 10 point 4: a POD made offline carries the time its position was taken.

const scanGo = {
  shipmentNo: 'SHP2611220000001',
  orderNo: 'A-1',
  lat: -6.2,
  long: 106.8,
  accuracy: 12,
  capturedAt: '2026-11-22T10:15:30+07:00',
  receiverName: 'Sari',
  receiverRelation: 'Pemesan',
  isValidate: true,
  plasticQty: 0,
};
const requestForm = { shipmentNo: 'SHP2611220000001', deliveryType: '1', reasonId: '1', lat: '-6.2', long: '106.8', accuracy: '30', capturedAt: '2026-11-22T03:15:30.120Z' };

const pathsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('capturedAt on the POD bodies', () => {
  it('is an ISO 8601 timestamp with its offset, built from the shared primitive', () => {
    expect(primitiveKind(podScanGoBodySchema.shape.capturedAt)).toBe('datetime');
    expect(primitiveKind(podRequestBodySchema.shape.capturedAt)).toBe('datetime');
    expect(podScanGoBodySchema.parse(scanGo).capturedAt).toBe('2026-11-22T10:15:30+07:00');
    expect(podRequestBodySchema.parse(requestForm).capturedAt).toBe('2026-11-22T03:15:30.120Z');
  });

  it('is required: a position without its time cannot be judged', () => {
    const { capturedAt: _a, ...noTime } = scanGo;
    expect(pathsOf(podScanGoBodySchema.safeParse(noTime))).toEqual([{ path: 'capturedAt', message: FIELD_MESSAGES.dateTimeFormat }]);
    const { capturedAt: _b, ...noFormTime } = requestForm;
    expect(pathsOf(podRequestBodySchema.safeParse(noFormTime))).toEqual([{ path: 'capturedAt', message: FIELD_MESSAGES.dateTimeFormat }]);
  });

  it('refuses a time without an offset, a bare date, epoch milliseconds and a day outside the range', () => {
    for (const capturedAt of ['2026-11-22T10:15:30', '2026-11-22', 1795394399278, '']) {
      expect(pathsOf(podScanGoBodySchema.safeParse({ ...scanGo, capturedAt }))).toEqual([{ path: 'capturedAt', message: FIELD_MESSAGES.dateTimeFormat }]);
    }
    expect(pathsOf(podScanGoBodySchema.safeParse({ ...scanGo, capturedAt: '1999-12-31T23:59:59Z' }))).toEqual([{ path: 'capturedAt', message: FIELD_MESSAGES.dateTimeRange }]);
  });
});

describe('what the supervisor and the web are told', () => {
  it('the approval detail carries the capture time with the position (nullable for older requests)', () => {
    const position = podRequestDetailSchema.shape.position;
    expect(position.parse({ lat: 1, long: 2, accuracy: 3, capturedAt: '2026-11-22T03:00:00.000Z' }).capturedAt).toBe('2026-11-22T03:00:00.000Z');
    expect(position.parse({ lat: 1, long: 2, accuracy: null, capturedAt: null }).capturedAt).toBeNull();
    expect(position.safeParse({ lat: 1, long: 2, accuracy: 3 }).success).toBe(false);
  });

  it('app-config serves the maximum capture age, 120 minutes by default', () => {
    expect(POD_DEFAULTS.captureMaxAgeMin).toBe(120);
    const pod = { radiusM: 150, maxAccuracyM: 100, requestMaxM: 1000, captureMaxAgeMin: 120 };
    expect(appConfigSchema.shape.pod.parse(pod)).toEqual(pod);
  });

  it('has a 422 and an Indonesian message for a capture too old or ahead of the server', () => {
    expect(ERROR_HTTP_STATUS.POD_CAPTURE_TOO_OLD).toBe(422);
    expect(ERROR_HTTP_STATUS.POD_CAPTURE_IN_FUTURE).toBe(422);
    expect(ERROR_MESSAGES.POD_CAPTURE_TOO_OLD).toMatch(/Ambil lokasi lagi di tempat pelanggan/);
    expect(ERROR_MESSAGES.POD_CAPTURE_IN_FUTURE).toMatch(/jam ponsel/);
    expect(FIELD_MESSAGES.captureTooOld(135, 120)).toBe('Lokasi diambil 135 menit sebelum diterima server; paling lama 120 menit.');
  });
});
