import type { OrderProduct, OrderProgress } from './schemas/orders';

// Free of zod on purpose: the web shell imports it, and a value import of a schema module would bring zod into the first load.
/** An order's progress from its lines: resolved = picked + out of stock; complete when every line is resolved. */
export function progressOf(lines: ReadonlyArray<Pick<OrderProduct, 'qty' | 'qtyPicked' | 'attrQtyOos'>>): OrderProgress {
  let qty = 0;
  let picked = 0;
  let oos = 0;
  let complete = true;
  for (const l of lines) {
    qty += l.qty;
    picked += l.qtyPicked;
    oos += l.attrQtyOos;
    if (l.qtyPicked + l.attrQtyOos !== l.qty) complete = false;
  }
  return { qty, picked, oos, resolved: picked + oos, complete };
}
