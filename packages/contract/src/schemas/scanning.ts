import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { orderProductSchema, orderProgressSchema } from './orders';
import { request, text } from './primitives';

/**
 * One scan while picking: the decoded text of an EAN-13/EAN-8/UPC/Code128/QR, or a typed code.
 * A scanner's separators (GS and its kin) are kept for `barcodeCandidates`; NUL and other
 * controls are refused.
 */
export const scanBodySchema = request(
  z
    .object({
      barcode: text({ max: 512, lines: 'scanner', tooLong: FIELD_MESSAGES.barcodeTooLong }).min(1, FIELD_MESSAGES.barcodeRequired),
    })
    .strict(),
);
export type ScanBody = z.infer<typeof scanBodySchema>;

/**
 * What a scan changed, as committed: the line it counted and the order's
 * progress. Small on purpose — a picker scans dozens of times per order on a
 * mobile network; the client patches its copy of the detail with it.
 */
export const scanResultSchema = z.object({
  shipmentNo: z.string(),
  statusId: z.number().int(),
  scannedLine: orderProductSchema,
  progress: orderProgressSchema,
  /** The order's updatedAt after the scan (ISO 8601). */
  updatedAt: z.string(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** AIM symbology identifier some hardware scanners put in front of the data ("]E0", "]C1", "]Q1"). */
const AIM_PREFIX = /^\][A-Za-z][0-9A-Za-z]/;
const GS = '\u001d';
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001c\u001e\u001f\u007f]/g;

/**
 * The codes a scanned payload may stand for, most literal first. A product's
 * barcode is its EAN-13; scanners and labels also deliver it as UPC-A (12
 * digits), GTIN-14, a GS1-128 element string "(01)…"/"01…" or a GS1 Digital
 * Link URL (".../01/<gtin>"). EAN-8 and other codes are matched as they are.
 */
export function barcodeCandidates(raw: string): string[] {
  const text = raw.replace(CONTROL, '').trim().replace(AIM_PREFIX, '').trim();
  const out = new Set<string>();
  const add = (code: string) => {
    if (!code) return;
    out.add(code);
    if (/^\d+$/.test(code)) {
      if (code.length === 14 && code.startsWith('000000')) out.add(code.slice(6)); // GTIN-14 of an EAN-8
      if (code.length === 14 && code.startsWith('0')) out.add(code.slice(1)); // GTIN-14 → EAN-13
      if (code.length === 12) out.add(`0${code}`); // UPC-A → EAN-13
    }
  };
  add(text.replace(new RegExp(GS, 'g'), ''));
  // GS1-128: AI (01) then the GTIN-14, possibly followed by more AIs (expiry, lot).
  const gs1 = /^\(01\)(\d{14})/.exec(text) ?? (text.length >= 16 ? /^01(\d{14})/.exec(text) : null);
  if (gs1?.[1]) add(gs1[1]);
  const link = /^https?:\/\/[^/]+(?:\/[^?#]*)?\/01\/(\d{8,14})(?:[/?#]|$)/i.exec(text);
  if (link?.[1]) add(link[1]);
  return [...out].filter((c) => c.length <= 64).slice(0, 8);
}
