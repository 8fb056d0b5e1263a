/** GS1 check digit for the first 12 digits of an EAN-13 (weights 1,3,1,3… from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits before the check digit, got "${first12}"`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/** Completes 12 digits into a valid EAN-13. */
export function toEan13(first12: string): string {
  return `${first12}${ean13CheckDigit(first12)}`;
}
