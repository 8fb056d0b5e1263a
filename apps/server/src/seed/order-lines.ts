import type { Faker } from '@faker-js/faker';
import { ORDER_STATUS } from '@gerai/contract';
import type { ProductRow } from './catalog';
import type { LineRow, OrderSpec } from './orders';

const S = ORDER_STATUS;

/** An order's lines (1–6 products, mostly one unit each), picked and out of stock as its status implies; `nextId` numbers them across the seed. */
export function drawLines(faker: Faker, spec: OrderSpec, sellable: ProductRow[], nextId: () => number): LineRow[] {
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
    id: nextId(),
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
  return lines;
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
