import type { Faker } from '@faker-js/faker';
import {
  type AppId,
  CHANNELS,
  DELIVERY_TYPE,
  type DeliveryType,
  distanceMeters,
  ESCALATION_DEFAULT_MINUTES,
  ESCALATION_LEVELS,
  ESCALATION_REASON,
  offsetPoint,
  ORDER_STATUS,
  type OrderStatusId,
  POD_RECEIVER_RELATIONS,
} from '@gerai/contract';
import type { cancelRequests, orderEscalations, orderLines, orderPaperBags, orders, orderScans, orderStatusHistory, podRecords } from '../db/schema';
import { orderQrTexts } from '../modules/channels/service';
import type { ProductRow, StoreRow } from './catalog';
import { CANCEL_REASONS, DEMO_REFERENCE_DATE, PAPER_BAG } from './demo-data';
import { STREETS } from './stores-data';

type WithId<T> = T & { id: number };
export type OrderRow = WithId<typeof orders.$inferInsert> & { shipmentNo: string; orderNo: string; storeCode: string; statusId: OrderStatusId; deliveryType: DeliveryType; appId: number };
export type LineRow = WithId<typeof orderLines.$inferInsert> & { productId: string; qty: number; qtyPicked: number; qtyOos: number; price: number };

export interface SeedOrder {
  order: OrderRow;
  lines: LineRow[];
  bags: Array<typeof orderPaperBags.$inferInsert>;
  history: Array<typeof orderStatusHistory.$inferInsert>;
  /** The levels an unclaimed new order has already reached, as the escalation job would have left them (default minutes). */
  escalations: Array<typeof orderEscalations.$inferInsert>;
  scans: Array<typeof orderScans.$inferInsert>;
  pod: typeof podRecords.$inferInsert | null;
  cancel: typeof cancelRequests.$inferInsert | null;
}

export interface OrderSpec {
  storeCode: string;
  statusId: OrderStatusId;
  appId?: AppId;
  deliveryType?: DeliveryType;
  /** Packing order whose first line is short (for stock bookings). */
  oosLine?: boolean;
}

export interface StorePeople {
  pickers: number[];
  /** Who approves cancellations and POD requests; null where HQ acts. */
  approver: number | null;
}

export interface OrderContext {
  now: Date;
  stores: StoreRow[];
  products: ProductRow[];
  people: Map<string, StorePeople>;
}

const MINUTE = 60_000;
const S = ORDER_STATUS;

/** How long ago an order in each status typically arrived, in minutes. */
const AGE_MINUTES: Record<OrderStatusId, [number, number]> = {
  1101: [3, 360],
  1102: [10, 420],
  1103: [30, 720],
  1104: [60, 2 * 1440],
  1105: [1440, 14 * 1440],
  1106: [30, 2 * 1440],
  1107: [1440, 14 * 1440],
};

/** Steps each status went through after intake, with typical durations in minutes. */
type Step = 'claim' | 'pack' | 'complete' | 'archive' | 'cancel';
const PATH: Record<OrderStatusId, Step[]> = {
  1101: [],
  1102: ['claim'],
  1103: ['claim', 'pack'],
  1104: ['claim', 'pack', 'complete'],
  1105: ['claim', 'pack', 'complete', 'archive'],
  1106: ['cancel'],
  1107: ['cancel', 'archive'],
};
const STEP_MINUTES: Record<Step, [number, number]> = { claim: [2, 15], pack: [5, 25], complete: [15, 120], archive: [60, 720], cancel: [5, 90] };

const CHANNEL_WEIGHTS: Record<AppId, number> = { 379: 35, 410: 10, 91: 15, 95: 10, 901: 10, 911: 10, 87: 10 };
const ORDER_NO_PREFIX: Record<AppId, string> = { 379: 'AGF', 410: 'JD', 91: 'AMD', 95: 'AMK', 901: 'SMB', 911: 'WDS', 87: 'ACT' };
const STATUS_WEIGHTS: Array<{ value: OrderStatusId; weight: number }> = [
  { value: S.NEW, weight: 15 },
  { value: S.PACKING, weight: 8 },
  { value: S.IN_PROGRESS, weight: 12 },
  { value: S.COMPLETED, weight: 15 },
  { value: S.HISTORY, weight: 35 },
  { value: S.CANCELLED, weight: 5 },
  { value: S.HISTORY_CANCELLED, weight: 10 },
];
const NOTES = ['Tolong cek tanggal kedaluwarsa ya', 'Titip di pos satpam', 'Telepon dulu sebelum diantar', 'Pilih yang dingin', 'Rumah pagar hitam', 'Jangan pakai kantong plastik'];
const RELATIONS = POD_RECEIVER_RELATIONS;
const PHONE_PREFIXES = ['811', '812', '813', '821', '822', '852', '853', '856', '857', '858', '877', '878', '881', '895', '896'];

/** faker's id_ID names sometimes repeat a word ("Gandi Gandi Alamsyah"). */
export function personName(faker: Faker): string {
  return faker.person
    .fullName()
    .split(' ')
    .filter((w, i, all) => w !== all[i - 1])
    .join(' ');
}

const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replace(/-/g, '');

/** The specs every demo relies on: T001 and T002 have orders in every status, with the shapes later seed steps need. */
export function fixedSpecs(): OrderSpec[] {
  const specs: OrderSpec[] = [];
  const t001: Array<[OrderStatusId, number]> = [
    [S.NEW, 8],
    [S.PACKING, 5],
    [S.IN_PROGRESS, 6],
    [S.COMPLETED, 5],
    [S.HISTORY, 8],
    [S.CANCELLED, 4],
    [S.HISTORY_CANCELLED, 4],
  ];
  let k = 0;
  for (const [statusId, n] of t001) {
    for (let i = 0; i < n; i++) {
      specs.push({
        storeCode: 'T001',
        statusId,
        appId: CHANNELS[k++ % CHANNELS.length]!.appId,
        ...(statusId === S.PACKING && i < 3 ? { oosLine: true } : {}),
        ...(statusId === S.IN_PROGRESS ? { deliveryType: i < 4 ? DELIVERY_TYPE.DELIVERY : DELIVERY_TYPE.PICKUP } : {}),
        ...(statusId === S.COMPLETED && i < 2 ? { deliveryType: DELIVERY_TYPE.DELIVERY } : {}),
      });
    }
  }
  for (const { value: statusId } of STATUS_WEIGHTS) {
    for (let i = 0; i < 3; i++) {
      specs.push({
        storeCode: 'T002',
        statusId,
        ...(statusId === S.PACKING && i === 0 ? { oosLine: true } : {}),
        ...(statusId === S.IN_PROGRESS && i === 0 ? { deliveryType: DELIVERY_TYPE.DELIVERY } : {}),
      });
    }
  }
  return specs;
}

export function buildOrders(faker: Faker, ctx: OrderContext, total: number): SeedOrder[] {
  const specs = fixedSpecs();
  while (specs.length < total) {
    specs.push({ storeCode: faker.helpers.arrayElement(ctx.stores).code, statusId: faker.helpers.weightedArrayElement(STATUS_WEIGHTS) });
  }
  const storesByCode = new Map(ctx.stores.map((s) => [s.code, s]));
  const sellable = ctx.products.filter((p) => p.productId !== PAPER_BAG.productId);
  const shipmentNos = new Set<string>();
  const orderSeq = new Map<number, number>();
  const billSeq = new Map<string, number>();
  let lineId = 0;

  return specs.map((spec, index): SeedOrder => {
    const store = storesByCode.get(spec.storeCode)!;
    const people = ctx.people.get(store.code) ?? { pickers: [], approver: null };
    const appId = spec.appId ?? faker.helpers.weightedArrayElement(CHANNELS.map((c) => ({ value: c.appId, weight: CHANNEL_WEIGHTS[c.appId] })));
    const deliveryType = spec.deliveryType ?? (faker.datatype.boolean({ probability: 0.6 }) ? DELIVERY_TYPE.DELIVERY : DELIVERY_TYPE.PICKUP);
    const ageMinutes = faker.number.int({ min: AGE_MINUTES[spec.statusId][0], max: AGE_MINUTES[spec.statusId][1] });
    const numberingDay = new Date(DEMO_REFERENCE_DATE.getTime() - ageMinutes * MINUTE);

    let shipmentNo: string;
    do shipmentNo = `SHP${yymmdd(numberingDay)}${faker.string.numeric(7)}`;
    while (shipmentNos.has(shipmentNo));
    shipmentNos.add(shipmentNo);
    const seq = (orderSeq.get(appId) ?? faker.number.int({ min: 10_000, max: 60_000 })) + faker.number.int({ min: 1, max: 40 });
    orderSeq.set(appId, seq);
    const orderNo = `${ORDER_NO_PREFIX[appId as AppId]}${yymmdd(numberingDay)}${String(seq).padStart(6, '0')}`;

    // Customer within ~2 km of the store.
    const home = offsetPoint(store.latitude, store.longitude, faker.number.int({ min: 150, max: 2000 }), faker.number.float({ min: 0, max: 2 * Math.PI }));
    const customer = {
      name: personName(faker),
      phone: `0${faker.helpers.arrayElement(PHONE_PREFIXES)}${faker.string.numeric(faker.number.int({ min: 7, max: 8 }))}`,
      address: `${faker.helpers.arrayElement(STREETS)} No. ${faker.number.int({ min: 1, max: 120 })}, RT ${pad3(faker.number.int({ min: 1, max: 12 }))}/RW ${pad3(faker.number.int({ min: 1, max: 9 }))}, ${store.kelurahan}, ${store.kecamatan}, ${store.city}`,
    };

    // Lines.
    const lineCount = faker.helpers.weightedArrayElement([
      { value: 1, weight: 15 },
      { value: 2, weight: 25 },
      { value: 3, weight: 25 },
      { value: 4, weight: 15 },
      { value: 5, weight: 10 },
      { value: 6, weight: 10 },
    ]);
    const picked = faker.helpers.arrayElements(sellable, lineCount);
    const lines: LineRow[] = picked.map((p) => ({
      id: ++lineId,
      orderId: 0,
      productId: p.productId,
      barcode: p.ean13,
      name: p.name,
      price: p.price,
      qty: faker.helpers.weightedArrayElement([
        { value: 1, weight: 55 },
        { value: 2, weight: 25 },
        { value: 3, weight: 10 },
        { value: faker.number.int({ min: 4, max: 6 }), weight: 10 },
      ]),
      qtyPicked: 0,
      qtyOos: 0,
      qtyEdit: null,
    }));
    resolveLines(faker, spec, lines);

    const bagQty = faker.datatype.boolean({ probability: 0.6 }) ? (lineCount >= 4 ? 2 : 1) : 0;
    const price = lines.reduce((sum, l) => sum + l.price * (l.qty - l.qtyOos), 0) + bagQty * PAPER_BAG.price;
    const isSendStore = faker.datatype.boolean({ probability: 0.35 }) ? 'F' : 'T';
    const pickupCode = faker.string.numeric(6);
    const note = faker.datatype.boolean({ probability: 0.2 }) ? faker.helpers.arrayElement(NOTES) : null;
    const paymentId = faker.number.int({ min: 1, max: 5 });
    const picker = people.pickers.length ? faker.helpers.arrayElement(people.pickers) : null;
    const stepDurations = PATH[spec.statusId].map((step) => faker.number.int({ min: STEP_MINUTES[step][0], max: STEP_MINUTES[step][1] }));
    const cancelReason = faker.number.int({ min: 0, max: CANCEL_REASONS.length });
    const reasonLabel = cancelReason < CANCEL_REASONS.length ? CANCEL_REASONS[cancelReason]! : 'Pelanggan ingin mengganti alamat pengiriman';
    const relation = faker.helpers.weightedArrayElement(RELATIONS.map((value, i) => ({ value, weight: i === 0 ? 60 : 10 })));
    const podOffset = { distance: faker.number.int({ min: 8, max: 80 }), bearing: faker.number.float({ min: 0, max: 2 * Math.PI }), accuracy: faker.number.int({ min: 4, max: 25 }) };
    const receiverName = relation === 'Pemesan' ? customer.name : personName(faker);
    const rejectedScan = faker.datatype.boolean({ probability: 0.3 }) ? faker.helpers.arrayElement(sellable) : null;

    // Timeline: real-world step durations, squeezed if they would run past now.
    const now = ctx.now.getTime();
    const created = now - ageMinutes * MINUTE;
    const totalSteps = stepDurations.reduce((a, b) => a + b, 0);
    const scale = totalSteps > ageMinutes * 0.95 ? (ageMinutes * 0.95) / totalSteps : 1;
    const at: Partial<Record<Step, Date>> = {};
    let t = created;
    PATH[spec.statusId].forEach((step, i) => {
      t += stepDurations[i]! * scale * MINUTE;
      at[step] = new Date(Math.round(t));
    });
    const createdAt = new Date(created);
    const updatedAt = new Date(Math.round(t));

    let billNo: string | null = null;
    if (at.pack) {
      const n = (billSeq.get(store.code) ?? 0) + 1;
      billSeq.set(store.code, n);
      billNo = `${store.code}-${yymmdd(numberingDay)}-${String(n).padStart(4, '0')}`;
    }

    const id = index + 1;
    const order: OrderRow = {
      id,
      shipmentNo,
      orderNo,
      appId,
      storeCode: store.code,
      statusId: spec.statusId,
      deliveryType,
      paymentId,
      price,
      billNo,
      ...(isSendStore === 'F' ? orderQrTexts({ storeCode: store.code, shipmentNo, orderNo, createdAt, pickupCode, lines }) : { qrCode: null, qrAndroid: null }),
      isSendStore,
      customerName: customer.name,
      customerPhone: customer.phone,
      customerAddress: customer.address,
      customerLat: home.lat,
      customerLng: home.lng,
      pickupCode,
      note,
      pickerUserId: at.claim ? picker : null,
      claimedAt: at.claim ?? null,
      packedAt: at.pack ?? null,
      completedAt: at.complete ?? null,
      cancelledAt: at.cancel ?? null,
      cancelledBy: at.cancel ? (people.approver ?? picker) : null,
      cancelReason: at.cancel ? reasonLabel : null,
      archivedAt: at.archive ?? null,
      createdAt,
      updatedAt,
      version: 1 + PATH[spec.statusId].length,
    };
    for (const l of lines) l.orderId = id;

    const history: SeedOrder['history'] = [{ orderId: id, fromStatus: null, toStatus: S.NEW, actorUserId: null, action: 'received', reason: `channel ${appId}`, createdAt }];
    let current: OrderStatusId = S.NEW;
    for (const step of PATH[spec.statusId]) {
      const to = nextStatus(current, step);
      history.push({
        orderId: id,
        fromStatus: current,
        toStatus: to,
        actorUserId: step === 'cancel' ? (people.approver ?? picker) : picker,
        action: step === 'complete' ? 'confirm' : step,
        reason: step === 'cancel' ? reasonLabel : null,
        createdAt: at[step]!,
      });
      current = to;
    }
    const escalations: SeedOrder['escalations'] = [];
    if (spec.statusId === S.NEW) {
      for (const level of ESCALATION_LEVELS) {
        const at = new Date(createdAt.getTime() + ESCALATION_DEFAULT_MINUTES[level] * 60_000);
        if (at > ctx.now) continue;
        escalations.push({ orderId: id, level, createdAt: at });
        history.push({ orderId: id, fromStatus: S.NEW, toStatus: S.NEW, actorUserId: null, action: 'escalate', reason: ESCALATION_REASON[level], createdAt: at });
      }
    }

    const scans: SeedOrder['scans'] = [];
    if (at.claim && (store.code === 'T001' || store.code === 'T002')) {
      const until = (at.pack ?? ctx.now).getTime();
      const span = Math.max(until - at.claim.getTime(), 1000);
      const units = lines.reduce((sum, l) => sum + l.qtyPicked, 0);
      let n = 0;
      for (const l of lines) {
        for (let u = 0; u < l.qtyPicked; u++) {
          const when = new Date(Math.round(at.claim.getTime() + (span * ++n) / (units + 2)));
          scans.push({ orderId: id, lineId: l.id, barcode: l.barcode, result: 'accepted', reason: null, userId: picker, createdAt: when });
        }
      }
      if (rejectedScan && !lines.some((l) => l.productId === rejectedScan.productId)) {
        scans.push({ orderId: id, lineId: null, barcode: rejectedScan.ean13, result: 'rejected', reason: 'Produk tidak ada di pesanan', userId: picker, createdAt: new Date(at.claim.getTime() + span / 2) });
      }
    }

    const pod =
      at.complete && deliveryType === DELIVERY_TYPE.DELIVERY
        ? (() => {
            const p = offsetPoint(home.lat, home.lng, podOffset.distance, podOffset.bearing);
            return {
              orderId: id,
              shipmentNo,
              lat: p.lat,
              long: p.lng,
              accuracy: podOffset.accuracy,
              receiverName,
              receiverRelation: relation,
              receiverOther: relation === 'Lainnya' ? 'Resepsionis kantor' : null,
              isValidate: true,
              plasticQty: bagQty,
              distanceM: Math.round(distanceMeters(home, p)),
              userId: picker,
              createdAt: at.complete,
            };
          })()
        : null;

    const cancel = at.cancel
      ? {
          orderId: id,
          reasonId: cancelReason < CANCEL_REASONS.length ? cancelReason + 1 : null,
          reasonText: cancelReason < CANCEL_REASONS.length ? null : reasonLabel,
          requestedInStatus: S.NEW,
          requestedBy: picker,
          status: 'approved',
          decidedBy: people.approver ?? picker,
          decidedAt: at.cancel,
          createdAt: new Date(at.cancel.getTime() - 3 * MINUTE),
        }
      : null;

    return {
      order,
      lines,
      bags: bagQty ? [{ orderId: id, productId: PAPER_BAG.productId, qty: bagQty, price: PAPER_BAG.price }] : [],
      history,
      escalations,
      scans,
      pod,
      cancel,
    };
  });
}

/** picked + oos per line, consistent with the order's status (design.md §3). */
function resolveLines(faker: Faker, spec: OrderSpec, lines: LineRow[]): void {
  const s = spec.statusId;
  if (s === S.PACKING) {
    lines.forEach((l, i) => {
      const state = spec.oosLine && i === 0 ? 'oos' : faker.helpers.weightedArrayElement([
        { value: 'done', weight: 45 },
        { value: 'partial', weight: 45 },
        { value: 'oos', weight: 10 },
      ]);
      if (state === 'done') l.qtyPicked = l.qty;
      else if (state === 'oos') {
        l.qtyOos = faker.number.int({ min: 1, max: l.qty });
        l.qtyPicked = l.qty - l.qtyOos;
      } else l.qtyPicked = faker.number.int({ min: 0, max: l.qty - 1 });
    });
    // Still being packed: at least one line is not resolved yet, unless a booking holds it.
    const last = lines[lines.length - 1]!;
    if (!spec.oosLine && lines.every((l) => l.qtyPicked + l.qtyOos === l.qty)) {
      last.qtyOos = 0;
      last.qtyPicked = last.qty - 1;
    }
  } else if (s === S.IN_PROGRESS || s === S.COMPLETED || s === S.HISTORY) {
    for (const l of lines) {
      l.qtyOos = faker.datatype.boolean({ probability: 0.12 }) ? faker.number.int({ min: 1, max: l.qty }) : 0;
      l.qtyPicked = l.qty - l.qtyOos;
    }
    // A fully out-of-stock order is cancelled, never packed.
    if (lines.every((l) => l.qtyPicked === 0)) {
      lines[0]!.qtyOos = 0;
      lines[0]!.qtyPicked = lines[0]!.qty;
    }
  }
}

function nextStatus(from: OrderStatusId, step: Step): OrderStatusId {
  switch (step) {
    case 'claim':
      return S.PACKING;
    case 'pack':
      return S.IN_PROGRESS;
    case 'complete':
      return S.COMPLETED;
    case 'cancel':
      return S.CANCELLED;
    case 'archive':
      return from === S.CANCELLED ? S.HISTORY_CANCELLED : S.HISTORY;
  }
}

const pad3 = (n: number) => String(n).padStart(3, '0');
