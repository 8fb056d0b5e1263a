import { ORDER_STATUS, type OrderDetail } from '@gerai/contract';
import type { NativePrintJob } from '@/shared/bridge/native-bridge';

/** The crew's printouts of an order: the slip that goes in the bag, the label on the waiting shelf. */
export type PrintKind = 'packing-slip' | 'shelf-label';
export const PRINT_KINDS: readonly PrintKind[] = ['packing-slip', 'shelf-label'];

/**
 * The paper of each printout, as the print CSS's named pages say it (`@page gerai-packing-slip`,
 * `@page gerai-shelf-label` in index.css): the host is told the same size.
 * The slip is A6 (a quarter of A4, or scaled onto a receipt roll); the label a common 80 × 50 mm
 * thermal label.
 */
export const PRINT_PAPER: Record<PrintKind, NativePrintJob['paper']> = {
  'packing-slip': { widthMm: 105, heightMm: 148 },
  'shelf-label': { widthMm: 80, heightMm: 50 },
};

/** From picking (a slip can go in the bag before Scan Packing) until the customer has the goods. */
const PRINTABLE_STATUSES: readonly number[] = [ORDER_STATUS.PACKING, ORDER_STATUS.IN_PROGRESS, ORDER_STATUS.COMPLETED];

export function canPrint(order: Pick<OrderDetail, 'statusId'>): boolean {
  return PRINTABLE_STATUSES.includes(order.statusId);
}

/**
 * What the printed QR says: the shipmentNo, the order's label as the crew's scanners read it (the
 * order search opens the order, Scan & Go matches the package). Never the pickup QR: the crew does
 * not hold the customer's code, and a paper on a shelf must not be the proof that hands the goods over.
 */
export function printQrValue(order: Pick<OrderDetail, 'shipmentNo'>): string {
  return order.shipmentNo;
}

/** The end of the shipmentNo the crew matches by eye on the shelf. */
export function shelfDigits(shipmentNo: string, count = 4): string {
  return shipmentNo.slice(-count);
}

/** "081353447787" → "0813••••7787": enough for the customer to recognise, not for a passer-by to use. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return phone;
  const keep = 4;
  let seen = 0;
  return phone.replace(/\d/g, (d) => {
    seen += 1;
    return seen <= keep || seen > digits.length - keep ? d : '•';
  });
}

/**
 * The units the customer gets: ordered less out of stock. Once packed that is what is in the bag
 * (packing needs every line resolved); while picking, what will be.
 */
export function unitsToHandOver(order: Pick<OrderDetail, 'products'>): number {
  return order.products.reduce((sum, line) => sum + line.qty - line.attrQtyOos, 0);
}

/** Paper bags used. */
export function paperBagCount(order: Pick<OrderDetail, 'paperBags'>): number {
  return order.paperBags.reduce((sum, bag) => sum + bag.qty, 0);
}
