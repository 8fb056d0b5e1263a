// The POD schemas' fields: the same schema reads JSON values and form-encoded strings.
import { z } from 'zod';
import { shipmentNoSchema } from './orders';
import { INT4_MAX, POD_RECEIVER_RELATIONS, POD_RELATION_OTHER, POD_TEXT } from '../limits';
import { FIELD_LABELS, FIELD_MESSAGES } from '../messages';
import { decimal, int, isoDateTime, text, type RangeOptions } from './primitives';

const NUMERIC = /^-?\d+(\.\d+)?$/;
export const INTEGER = /^\d+$/;
export const missing = (input: unknown) => input === undefined || input === null || input === '';

/**
 * A form field's text as the number it spells (`pattern`), blank as missing (never 0);
 * anything else is left for the number schema to refuse. JSON numbers pass through.
 */
export const fromForm = (pattern: RegExp) => (input: unknown) => {
  if (typeof input !== 'string') return input;
  const value = input.trim();
  if (value === '') return undefined;
  return pattern.test(value) ? Number(value) : input;
};

/** "<label> wajib diisi" when missing, else `message`. */
const formError = (label: string, message: string) => (iss: { input?: unknown }) => (missing(iss.input) ? FIELD_MESSAGES.fieldRequired(label) : message);

/** A decimal given as a JSON number or a decimal string (form field), within `range`. */
function numberField(label: string, range: Omit<RangeOptions, 'error'>) {
  return z.preprocess(fromForm(NUMERIC), decimal({ ...range, error: formError(label, FIELD_MESSAGES.fieldNumber(label)) }));
}

/** A whole number given as a JSON number or a string of digits (form field), within `range`. */
export function intField(label: string, range: Omit<RangeOptions, 'error'>) {
  return z.preprocess(fromForm(INTEGER), int({ ...range, error: formError(label, FIELD_MESSAGES.fieldInteger(label)) }));
}

export function boolField(label: string) {
  return z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')], {
    error: (iss) => (missing(iss.input) ? FIELD_MESSAGES.fieldRequired(label) : FIELD_MESSAGES.fieldBoolean(label)),
  });
}

export const latField = () => numberField(FIELD_LABELS.latitude, { min: -90, max: 90, tooSmall: FIELD_MESSAGES.latitudeRange, tooBig: FIELD_MESSAGES.latitudeRange });
export const longField = () => numberField(FIELD_LABELS.longitude, { min: -180, max: 180, tooSmall: FIELD_MESSAGES.longitudeRange, tooBig: FIELD_MESSAGES.longitudeRange });
export const accuracyField = () => numberField(FIELD_LABELS.accuracy, { min: 0, max: 100_000, tooSmall: FIELD_MESSAGES.accuracyNegative, tooBig: FIELD_MESSAGES.accuracyInvalid });
export const shipmentNoField = () => shipmentNoSchema(FIELD_MESSAGES.shipmentNoRequired);
/**
 * When the phone took the position (ISO 8601 with its offset). A POD made offline waits in the
 * outbox and arrives later; the server decides on the position only while this is recent
 * (POD_CAPTURE_MAX_AGE_MINUTES) and records it next to the arrival time.
 */
export const capturedAtField = () => isoDateTime();
/** A reason id: a listed one (checked against the table) or 0 for "Lainnya". */
export const reasonIdField = (label: string, unknown: string) => intField(label, { min: 0, max: INT4_MAX, tooSmall: unknown, tooBig: unknown });
/** A reason id: a listed one (checked against the table) or 0 for "Lainnya". */
/** Optional free text; blank counts as not given. */
export const optionalText = (max: number, lines: 'single' | 'multi' = 'single') =>
  text({ max, lines })
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * A proof made at the customer's address (scan and go, the return POD): where the phone was,
 * how sure and when, and who handed over or received the goods.
 */
export const podProofFields = () => ({
  lat: latField(),
  long: longField(),
  accuracy: accuracyField(),
  capturedAt: capturedAtField(),
  receiverName: text({ max: POD_TEXT.nameMax, error: FIELD_MESSAGES.receiverNameRequired }).min(POD_TEXT.receiverNameMin, FIELD_MESSAGES.receiverNameRequired),
  receiverRelation: z.enum(POD_RECEIVER_RELATIONS, { error: FIELD_MESSAGES.receiverRelationUnknown }),
  receiverOther: optionalText(POD_TEXT.nameMax),
});

/** "Lainnya" as the receiver's relation needs it written out. */
export function refineReceiverOther(b: { receiverRelation: string; receiverOther?: string | undefined }, ctx: z.RefinementCtx): void {
  if (b.receiverRelation === POD_RELATION_OTHER && (!b.receiverOther || b.receiverOther.length < POD_TEXT.relationOtherMin)) {
    ctx.addIssue({ code: 'custom', path: ['receiverOther'], message: FIELD_MESSAGES.receiverOtherRequired });
  }
}
