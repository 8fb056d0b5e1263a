import type { Faker } from '@faker-js/faker';
import { type AppId, CHANNELS, DELIVERY_TYPE, type DeliveryType, offsetPoint, type OrderStatusId, POD_RECEIVER_RELATIONS } from '@gerai/contract';
import type { ProductRow, StoreRow } from './catalog';
import { CANCEL_REASONS, DEMO_REFERENCE_DATE } from './demo-data';
import { drawLines } from './order-lines';
import { drawStepMinutes } from './order-timeline';
import type { LineRow, OrderSpec, StorePeople } from './orders';
import { STREETS } from './stores-data';

const MINUTE = 60_000;

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
const CHANNEL_WEIGHTS: Record<AppId, number> = { 379: 35, 410: 10, 91: 15, 95: 10, 901: 10, 911: 10, 87: 10 };
const ORDER_NO_PREFIX: Record<AppId, string> = { 379: 'AGF', 410: 'JD', 91: 'AMD', 95: 'AMK', 901: 'SMB', 911: 'WDS', 87: 'ACT' };
const NOTES = ['Tolong cek tanggal kedaluwarsa ya', 'Titip di pos satpam', 'Telepon dulu sebelum diantar', 'Pilih yang dingin', 'Rumah pagar hitam', 'Jangan pakai kantong plastik'];
const PHONE_PREFIXES = ['811', '812', '813', '821', '822', '852', '853', '856', '857', '858', '877', '878', '881', '895', '896'];

export const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replace(/-/g, '');
const pad3 = (n: number) => String(n).padStart(3, '0');

/** faker's id_ID names sometimes repeat a word ("Gandi Gandi Alamsyah"). */
export function personName(faker: Faker): string {
  return faker.person
    .fullName()
    .split(' ')
    .filter((w, i, all) => w !== all[i - 1])
    .join(' ');
}

/** What numbering carries from one order to the next: shipment numbers stay unique, order numbers rise per channel. */
export interface Numbering {
  shipmentNos: Set<string>;
  orderSeq: Map<number, number>;
  lineId: number;
}

export interface Customer {
  name: string;
  phone: string;
  address: string;
  lat: number;
  lng: number;
}

/** Every random value of one order. */
export interface OrderDraw {
  appId: AppId;
  deliveryType: DeliveryType;
  ageMinutes: number;
  /** The order's day on the fixed reference date, which its numbers carry. */
  numberingDay: Date;
  shipmentNo: string;
  orderNo: string;
  customer: Customer;
  lines: LineRow[];
  bagQty: number;
  isSendStore: 'T' | 'F';
  pickupCode: string;
  note: string | null;
  paymentId: number;
  picker: number | null;
  stepMinutes: number[];
  /** An index into CANCEL_REASONS, or its length for a reason in the crew's own words. */
  cancelReason: number;
  reasonLabel: string;
  relation: (typeof POD_RECEIVER_RELATIONS)[number];
  podOffset: { distance: number; bearing: number; accuracy: number };
  receiverName: string;
  rejectedScan: ProductRow | null;
}

/** Draws one order's random values in one fixed sequence: the demo data is the same on every seed only while it is. */
export function drawOrder(faker: Faker, spec: OrderSpec, store: StoreRow, people: StorePeople, sellable: ProductRow[], numbering: Numbering): OrderDraw {
  const appId = spec.appId ?? faker.helpers.weightedArrayElement(CHANNELS.map((c) => ({ value: c.appId, weight: CHANNEL_WEIGHTS[c.appId] })));
  const deliveryType = spec.deliveryType ?? (faker.datatype.boolean({ probability: 0.6 }) ? DELIVERY_TYPE.DELIVERY : DELIVERY_TYPE.PICKUP);
  const ageMinutes = faker.number.int({ min: AGE_MINUTES[spec.statusId][0], max: AGE_MINUTES[spec.statusId][1] });
  const numberingDay = new Date(DEMO_REFERENCE_DATE.getTime() - ageMinutes * MINUTE);
  const { shipmentNo, orderNo } = drawNumbers(faker, appId, numberingDay, numbering);
  const customer = drawCustomer(faker, store);
  const lines = drawLines(faker, spec, sellable, () => ++numbering.lineId);

  const bagQty = faker.datatype.boolean({ probability: 0.6 }) ? (lines.length >= 4 ? 2 : 1) : 0;
  const isSendStore = faker.datatype.boolean({ probability: 0.35 }) ? 'F' : 'T';
  const pickupCode = faker.string.numeric(6);
  const note = faker.datatype.boolean({ probability: 0.2 }) ? faker.helpers.arrayElement(NOTES) : null;
  const paymentId = faker.number.int({ min: 1, max: 5 });
  const picker = people.pickers.length ? faker.helpers.arrayElement(people.pickers) : null;
  const stepMinutes = drawStepMinutes(faker, spec.statusId);
  const cancelReason = faker.number.int({ min: 0, max: CANCEL_REASONS.length });
  const reasonLabel = cancelReason < CANCEL_REASONS.length ? CANCEL_REASONS[cancelReason]! : 'Pelanggan ingin mengganti alamat pengiriman';
  const relation = faker.helpers.weightedArrayElement(POD_RECEIVER_RELATIONS.map((value, i) => ({ value, weight: i === 0 ? 60 : 10 })));
  const podOffset = { distance: faker.number.int({ min: 8, max: 80 }), bearing: faker.number.float({ min: 0, max: 2 * Math.PI }), accuracy: faker.number.int({ min: 4, max: 25 }) };
  const receiverName = relation === 'Pemesan' ? customer.name : personName(faker);
  const rejectedScan = faker.datatype.boolean({ probability: 0.3 }) ? faker.helpers.arrayElement(sellable) : null;
  return {
    appId: appId as AppId,
    deliveryType,
    ageMinutes,
    numberingDay,
    shipmentNo,
    orderNo,
    customer,
    lines,
    bagQty,
    isSendStore,
    pickupCode,
    note,
    paymentId,
    picker,
    stepMinutes,
    cancelReason,
    reasonLabel,
    relation,
    podOffset,
    receiverName,
    rejectedScan,
  };
}

function drawNumbers(faker: Faker, appId: number, numberingDay: Date, numbering: Numbering): { shipmentNo: string; orderNo: string } {
  let shipmentNo: string;
  do shipmentNo = `SHP${yymmdd(numberingDay)}${faker.string.numeric(7)}`;
  while (numbering.shipmentNos.has(shipmentNo));
  numbering.shipmentNos.add(shipmentNo);
  const seq = (numbering.orderSeq.get(appId) ?? faker.number.int({ min: 10_000, max: 60_000 })) + faker.number.int({ min: 1, max: 40 });
  numbering.orderSeq.set(appId, seq);
  return { shipmentNo, orderNo: `${ORDER_NO_PREFIX[appId as AppId]}${yymmdd(numberingDay)}${String(seq).padStart(6, '0')}` };
}

/** A customer living within ~2 km of the store. */
function drawCustomer(faker: Faker, store: StoreRow): Customer {
  const home = offsetPoint(store.latitude, store.longitude, faker.number.int({ min: 150, max: 2000 }), faker.number.float({ min: 0, max: 2 * Math.PI }));
  return {
    name: personName(faker),
    phone: `0${faker.helpers.arrayElement(PHONE_PREFIXES)}${faker.string.numeric(faker.number.int({ min: 7, max: 8 }))}`,
    address: `${faker.helpers.arrayElement(STREETS)} No. ${faker.number.int({ min: 1, max: 120 })}, RT ${pad3(faker.number.int({ min: 1, max: 12 }))}/RW ${pad3(faker.number.int({ min: 1, max: 9 }))}, ${store.kelurahan}, ${store.kecamatan}, ${store.city}`,
    lat: home.lat,
    lng: home.lng,
  };
}
