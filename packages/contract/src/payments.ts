// Payment methods by paymentId, as the channels send them. Zod-free: the order screens show the names.

export const PAYMENT_METHODS = [
  { id: 1, name: 'Tunai (bayar di tempat)' },
  { id: 2, name: 'Transfer bank' },
  { id: 3, name: 'Virtual account' },
  { id: 4, name: 'Kartu debit/kredit' },
  { id: 5, name: 'Dompet digital' },
  { id: 6, name: 'Paylater' },
] as const;

export type PaymentId = (typeof PAYMENT_METHODS)[number]['id'];
export const PAYMENT_IDS = PAYMENT_METHODS.map((m) => m.id) as PaymentId[];

export function isPaymentId(value: number): value is PaymentId {
  return (PAYMENT_IDS as number[]).includes(value);
}

/** The method's name; an id the table does not know is shown as such rather than hidden. */
export function paymentName(paymentId: number): string {
  return PAYMENT_METHODS.find((m) => m.id === paymentId)?.name ?? `Metode ${paymentId}`;
}
