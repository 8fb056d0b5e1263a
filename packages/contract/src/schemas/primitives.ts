import { z } from 'zod';
import { DATE_RANGE, INT4_MAX, INT4_MIN, TEXT_MAX_LENGTH } from '../limits';
import { FIELD_MESSAGES } from '../messages';

// The building blocks of every request schema: one text, one bounded integer, one bounded
// decimal, one date and one timestamp. Whatever they accept PostgreSQL can store and
// compare, so a request either fits the database or answers 400 — never 500.
// `primitives.test.ts` walks every request schema of the contract and refuses a string or
// number leaf that is not built here.

export type PrimitiveKind = 'text' | 'int' | 'decimal' | 'date' | 'datetime' | 'base64';

/**
 * Every schema built here, by kind. A schema derived by a check (`.min()`, `.regex()`,
 * `.refine()`) keeps the entry: zod's registry follows `_zod.parent`, and a check only adds
 * to the rules it was derived from, so it is still bounded.
 */
export const primitiveRegistry = z.registry<{ primitive: PrimitiveKind }>();

/** The primitive a schema was built as (or derived from), if any. */
export function primitiveKind(schema: z.core.$ZodType): PrimitiveKind | undefined {
  return primitiveRegistry.get(schema)?.primitive;
}

/**
 * Every schema the server validates a request with (body, querystring, params, and the
 * channel intake). Registered explicitly rather than guessed from names, so a test and the
 * server can ask `isRequestSchema` of any schema.
 */
export const requestRegistry = z.registry<{ request: true }>();

/** Marks a request schema (see `requestRegistry`) and returns it unchanged. */
export function request<T extends z.ZodType>(schema: T): T {
  requestRegistry.add(schema, { request: true });
  return schema;
}

export function isRequestSchema(schema: z.core.$ZodType): boolean {
  return requestRegistry.has(schema);
}

// --- text ------------------------------------------------------------------------------

// Controls (\p{Cc}: C0, DEL, C1) and lone surrogates (\p{Cs} matches only unpaired halves
// under the u flag). PostgreSQL refuses NUL and invalid UTF-16 outright; the other controls
// are never typed by a person and break logs, CSV exports and the receipts.
const FORBIDDEN = {
  single: /\p{Cc}|\p{Cs}/u,
  /** Tab and line breaks are legitimate in notes and addresses. */
  multi: /(?![\t\n\r])\p{Cc}|\p{Cs}/u,
  /**
   * A scanner's payload: GS1 separates its element strings with GS (and FS, RS, EOT in the
   * ISO 15434 envelope); `barcodeCandidates` strips them. NUL and the rest stay refused.
   */
  // eslint-disable-next-line no-control-regex
  scanner: /(?![\t\n\r\u0004\u001c-\u001e])\p{Cc}|\p{Cs}/u,
} as const;

export interface TextOptions {
  /** Longest value accepted, after trimming (1…TEXT_MAX_LENGTH). */
  max: number;
  /** Which control characters are legitimate: none (default), tab and line breaks, or a scanner's separators. */
  lines?: keyof typeof FORBIDDEN;
  /** Passwords and tokens are compared as sent, so they are not trimmed. */
  trim?: boolean;
  /** Message when the value is missing or not a string. */
  error?: string;
  /** Message when it is longer than `max`. */
  tooLong?: string;
}

/**
 * The one text of the API: trimmed, no control characters or lone surrogates, at most `max`
 * characters. Add `.min()`, `.regex()` or `.refine()` for a field's own rules; the result is
 * still this primitive.
 */
export function text({ max, lines = 'single', trim = true, error, tooLong }: TextOptions): z.ZodString {
  if (!Number.isInteger(max) || max < 1 || max > TEXT_MAX_LENGTH) throw new Error(`text(): max ${max} is outside 1…${TEXT_MAX_LENGTH}`);
  const forbidden = FORBIDDEN[lines];
  const base = z.string(error === undefined ? undefined : { error });
  return (trim ? base.trim() : base)
    .refine((s) => !forbidden.test(s), { error: FIELD_MESSAGES.textInvalidCharacters, abort: true })
    .max(max, { error: tooLong ?? FIELD_MESSAGES.textTooLong(max), abort: true })
    .register(primitiveRegistry, { primitive: 'text' });
}

// --- numbers ---------------------------------------------------------------------------

/** A message, or one chosen from the refused input (e.g. "wajib diisi" when it is missing). */
export type FieldError = string | ((issue: { input?: unknown }) => string);

export interface RangeOptions {
  min: number;
  max: number;
  /** Message when the value is missing or not a number (for an integer: not a whole number either). */
  error?: FieldError;
  tooSmall?: string;
  tooBig?: string;
}

function assertRange({ min, max }: RangeOptions, lowest: number, highest: number, what: string): void {
  if (!(Number.isFinite(min) && Number.isFinite(max) && lowest <= min && min <= max && max <= highest)) {
    throw new Error(`${what}: range ${min}…${max} is outside ${lowest}…${highest}`);
  }
}

/** A whole number in min…max, both within PostgreSQL's integer (int4). */
export function int(options: RangeOptions): z.ZodNumber {
  assertRange(options, INT4_MIN, INT4_MAX, 'int()');
  const { min, max, error, tooSmall, tooBig } = options;
  return z
    .number(error === undefined ? undefined : { error })
    .int({ error: error ?? FIELD_MESSAGES.integer, abort: true })
    .min(min, { error: tooSmall ?? FIELD_MESSAGES.numberMin(min), abort: true })
    .max(max, { error: tooBig ?? FIELD_MESSAGES.numberMax(max), abort: true })
    .register(primitiveRegistry, { primitive: 'int' });
}

/**
 * `int` for a query string or path parameter, where every value arrives as text: coerced with
 * `Number()`, so a blank value is 0 and refused by a positive `min`.
 */
export function queryInt(options: RangeOptions): z.ZodCoercedNumber<unknown> {
  assertRange(options, INT4_MIN, INT4_MAX, 'queryInt()');
  const { min, max, error, tooSmall, tooBig } = options;
  return z.coerce
    .number(error === undefined ? undefined : { error })
    .int({ error: error ?? FIELD_MESSAGES.integer, abort: true })
    .min(min, { error: tooSmall ?? FIELD_MESSAGES.numberMin(min), abort: true })
    .max(max, { error: tooBig ?? FIELD_MESSAGES.numberMax(max), abort: true })
    .register(primitiveRegistry, { primitive: 'int' });
}

/** A finite decimal in min…max (coordinates, metres). Stored as double precision. */
export function decimal(options: RangeOptions): z.ZodNumber {
  assertRange(options, -Number.MAX_VALUE, Number.MAX_VALUE, 'decimal()');
  const { min, max, error, tooSmall, tooBig } = options;
  return z
    .number(error === undefined ? undefined : { error })
    .min(min, { error: tooSmall ?? FIELD_MESSAGES.numberMin(min), abort: true })
    .max(max, { error: tooBig ?? FIELD_MESSAGES.numberMax(max), abort: true })
    .register(primitiveRegistry, { primitive: 'decimal' });
}

// --- dates -----------------------------------------------------------------------------

const inDateRange = (day: string) => day >= DATE_RANGE.min && day <= DATE_RANGE.max;

/** A calendar day, yyyy-mm-dd, within DATE_RANGE. */
export function isoDate(): z.ZodISODate {
  return z.iso
    .date({ error: FIELD_MESSAGES.dateFormat, abort: true })
    .refine(inDateRange, FIELD_MESSAGES.dateRange)
    .register(primitiveRegistry, { primitive: 'date' });
}

/**
 * An ISO 8601 timestamp with its offset (`Z` or ±hh:mm) whose written day is within
 * DATE_RANGE: with any offset its instant is then a few hours from the range at most, which
 * PostgreSQL and Date both hold.
 */
export function isoDateTime(): z.ZodISODateTime {
  return z.iso
    .datetime({ offset: true, error: FIELD_MESSAGES.dateTimeFormat, abort: true })
    .refine((at) => inDateRange(at.slice(0, 10)), FIELD_MESSAGES.dateTimeRange)
    .register(primitiveRegistry, { primitive: 'datetime' });
}

// --- bytes -----------------------------------------------------------------------------

/**
 * A file's bytes sent in JSON as base64 (no `data:` prefix), at most `maxChars` characters: only
 * the base64 alphabet, so nothing of it reaches a log or a query as text. What the bytes are is
 * checked by the server from their content.
 */
export function base64({ maxChars, error }: { maxChars: number; error: string }): z.ZodString {
  return z
    .string({ error })
    .min(4, { error, abort: true })
    .max(maxChars, { error, abort: true })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error })
    .register(primitiveRegistry, { primitive: 'base64' });
}
