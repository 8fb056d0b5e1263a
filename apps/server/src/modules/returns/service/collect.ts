// The return POD: the collect step of RETURN_FLOW, at the customer's address or through an approved request.
import { desc, eq } from 'drizzle-orm';
import { describeDirection, distanceMeters, roundMeters, type ReturnDetail, type ReturnPodBody, type ReturnStatus } from '@gerai/contract';
import type { Db, Tx } from '../../../db/client';
import { orders, returns } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { Principal } from '../../../platform/principal';
import { checkStep } from '../../../platform/workflow';
import { captureRefusal, closePendingRequests, decidePod, RETURN_AUTO_CLOSE_TEXT, refuseCapture, type CaptureRefusal, type CaptureTimes, type PodLimits } from '../../pod';
import { applyReturnStep, applyReturnStepIn, lockLatestReturn, stepSpecOf } from './step';

/** Thrown inside the step's transaction so it rolls back; the refusal is recorded after. */
class CaptureRefused extends Error {
  constructor(readonly refusal: CaptureRefusal) {
    super(refusal);
  }
}

/**
 * The return POD: the crew collect a delivered order's goods at the customer's address. The
 * position is decided on as scan and go decides (decisions 87): captured at most
 * POD_CAPTURE_MAX_AGE_MINUTES before it arrives, precise to POD_MAX_ACCURACY_METERS, within
 * POD_RADIUS_METERS of the customer's coordinates; else 422 and nothing changes.
 */
export async function collectReturn(db: Db, p: Principal, limits: PodLimits, shipmentNo: string, body: ReturnPodBody, receivedAt = new Date()): Promise<ReturnDetail> {
  const times: CaptureTimes = { capturedAt: new Date(body.capturedAt), receivedAt };
  try {
    return await applyReturnStep(db, p, shipmentNo, 'collect', async (tx, { ret, order }) => {
      // The position's time first: a stale position says nothing about where the crew was.
      const stale = captureRefusal(times, limits);
      if (stale) throw new CaptureRefused(stale);
      if (order.customerLat === null || order.customerLng === null) throw new AppError('POD_CUSTOMER_LOCATION_MISSING');
      const customer = { lat: order.customerLat, lng: order.customerLng };
      const point = { lat: body.lat, lng: body.long };
      const distanceM = distanceMeters(customer, point);
      const verdict = decidePod(distanceM, body.accuracy, limits);
      if (verdict === 'inaccurate') {
        throw new AppError('POD_ACCURACY_TOO_LOW', undefined, [{ path: 'body.accuracy', message: `Akurasi lokasi ±${Math.round(body.accuracy)} m, paling besar ${limits.maxAccuracyM} m.` }]);
      }
      if (verdict === 'outside') {
        const direction = describeDirection(customer, point);
        throw new AppError('POD_OUTSIDE_AREA', undefined, [{ path: 'body.lat', message: `Lokasi Anda ${direction.text} dari titik pelanggan, di luar radius ${limits.radiusM} m.` }]);
      }
      const relation = body.receiverOther ? `${body.receiverRelation}: ${body.receiverOther}` : body.receiverRelation;
      // The crew walked close enough: a return POD request still waiting is moot.
      await closePendingRequests(tx, p.userId, { id: order.id, shipmentNo: ret.shipmentNo, orderNo: order.orderNo, storeCode: ret.storeCode }, RETURN_AUTO_CLOSE_TEXT);
      return {
        set: {
          collectedBy: p.userId,
          lat: body.lat,
          lng: body.long,
          accuracy: body.accuracy,
          distanceM: roundMeters(distanceM),
          capturedAt: times.capturedAt,
          receiverName: body.receiverName,
          receiverRelation: body.receiverRelation,
          receiverOther: body.receiverOther ?? null,
        },
        note: `Diserahkan oleh ${body.receiverName} (${relation}), ${roundMeters(distanceM)} m dari titik pelanggan`,
        event: (facts) => ({ ...facts, status: 'collected', distanceM: roundMeters(distanceM) }),
      };
    });
  } catch (err) {
    if (err instanceof CaptureRefused) throw await refuseCapture(db, p, shipmentNo, err.refusal, times, limits);
    throw err;
  }
}

/** The return a return POD request is about, and its order's customer point. */
export interface ReturnForPodRequest {
  returnId: number;
  orderId: number;
  shipmentNo: string;
  orderNo: string;
  storeCode: string;
  deliveryType: number;
  customer: { lat: number; lng: number } | null;
}

/**
 * A return POD request (the POD area's approval request of type 'retur') may be made only for a
 * return whose next step is its collection at the customer's address: the order's latest return in
 * the caller's stores (404 RETURN_NOT_FOUND), row-locked, of a delivered order (422
 * RETURN_POD_PICKUP_ORDER) and approved, not yet collected (409 RETURN_STATUS_CHANGED naming its status).
 */
export async function lockReturnForPodRequest(tx: Tx, p: Principal, shipmentNo: string): Promise<ReturnForPodRequest> {
  const ret = await lockLatestReturn(tx, p, shipmentNo);
  checkStep(stepSpecOf(p, ret, 'collect'));
  const [order] = await tx.select({ orderNo: orders.orderNo, lat: orders.customerLat, lng: orders.customerLng }).from(orders).where(eq(orders.id, ret.orderId)).limit(1);
  return {
    returnId: ret.id,
    orderId: ret.orderId,
    shipmentNo: ret.shipmentNo,
    orderNo: order!.orderNo,
    storeCode: ret.storeCode,
    deliveryType: ret.deliveryType,
    customer: order!.lat !== null && order!.lng !== null ? { lat: order!.lat, lng: order!.lng } : null,
  };
}

/** What an approved return POD request collects the goods with: the request's position, its crew member, the receiver it did not record. */
export interface ApprovedCollection {
  lat: number;
  lng: number;
  accuracy: number | null;
  distanceM: number | null;
  capturedAt: Date | null;
  /** The crew member who was at the customer's address (the requester). */
  collectedBy: number | null;
  receiver: { name: string; relation: string; other: string };
  /** The history's line: who approved, how far. */
  note: string;
}

/**
 * The return POD through an approved request, inside the approval's transaction: the collect step
 * of RETURN_FLOW (approved → collected) with the request's position. `decide` runs once the return
 * is locked and the step allowed (it decides the request and records its event), so a return that
 * moved on refuses the approval and nothing changes. Returns the return's id.
 */
export function collectByApproval(tx: Tx, p: Principal, shipmentNo: string, decide: () => Promise<ApprovedCollection>): Promise<number> {
  return applyReturnStepIn(tx, p, shipmentNo, 'collect', async () => {
    const a = await decide();
    return {
      set: {
        collectedBy: a.collectedBy,
        lat: a.lat,
        lng: a.lng,
        accuracy: a.accuracy,
        distanceM: a.distanceM,
        capturedAt: a.capturedAt,
        receiverName: a.receiver.name,
        receiverRelation: a.receiver.relation,
        receiverOther: a.receiver.other,
      },
      note: a.note,
      event: (facts) => ({ ...facts, status: 'collected', distanceM: a.distanceM }),
    };
  });
}

/** The status of the order's latest return (a return POD request's detail shows it), or null. */
export async function latestReturnStatus(tx: Pick<Db, 'select'>, orderId: number): Promise<ReturnStatus | null> {
  const [row] = await tx.select({ status: returns.status }).from(returns).where(eq(returns.orderId, orderId)).orderBy(desc(returns.createdAt), desc(returns.id)).limit(1);
  return (row?.status as ReturnStatus | undefined) ?? null;
}

