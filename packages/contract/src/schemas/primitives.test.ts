import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index';
import {
  DATE_RANGE,
  FIELD_MESSAGES,
  INT4_MAX,
  INT4_MIN,
  decimal,
  int,
  intakeLineSchema,
  intakeOrderSchema,
  isRequestSchema,
  isoDate,
  isoDateTime,
  orderCountQuerySchema,
  orderListQuerySchema,
  podRejectBodySchema,
  podRequestBodySchema,
  podRequestListQuerySchema,
  podScanGoBodySchema,
  primitiveKind,
  queryInt,
  request,
  scanBodySchema,
  selectStoreBodySchema,
  storeListQuerySchema,
  text,
} from '../index';

// How request schemas are told apart: each is wrapped in `request()` (schemas/primitives.ts),
// which puts it in `requestRegistry`; `isRequestSchema` asks it. A naming rule backs it up:
// an export named `…BodySchema`, `…QuerySchema` or `…ParamsSchema` must be registered, so
// a new request schema cannot skip the walk below by being left out of the registry.
const REQUEST_NAME = /(Body|Query|Params)Schema$/;

type AnySchema = z.core.$ZodType;
const isSchema = (value: unknown): value is AnySchema => typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Every string and number a request schema reads, with what is wrong with it. A string
 * must be the shared text (any `.min`/`.regex`/`.refine` built on it), date or timestamp, or
 * an enum/literal; a number the bounded integer (within int4) or the bounded decimal.
 * Transforms produce values and are not walked; anything the walk does not know is refused.
 */
function primitiveViolations(schema: AnySchema, path: string, out: string[] = []): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const kind = primitiveKind(schema);
  const walk = (child: unknown, at: string) => primitiveViolations(child as AnySchema, at, out);
  switch (def.type) {
    case 'string': {
      if (kind !== 'text' && kind !== 'date' && kind !== 'datetime' && kind !== 'base64') out.push(`${path}: a string not built with text(), isoDate(), isoDateTime() or base64()`);
      else if ((kind === 'text' || kind === 'base64') && !((schema as z.ZodString).maxLength! > 0)) out.push(`${path}: ${kind} without a maximum length`);
      break;
    }
    case 'number': {
      const n = schema as z.ZodNumber;
      if (kind !== 'int' && kind !== 'decimal') out.push(`${path}: a number not built with int(), queryInt() or decimal()`);
      else if (!Number.isFinite(n.minValue) || !Number.isFinite(n.maxValue)) out.push(`${path}: unbounded number`);
      else if (kind === 'int' && (!n.isInt || n.minValue! < INT4_MIN || n.maxValue! > INT4_MAX)) out.push(`${path}: integer outside int4`);
      break;
    }
    case 'object': {
      for (const [key, value] of Object.entries(def.shape as Record<string, AnySchema>)) walk(value, `${path}.${key}`);
      const catchall = def.catchall as AnySchema | undefined;
      if (catchall && catchall._zod.def.type !== 'never') walk(catchall, `${path}.*`);
      break;
    }
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType, path);
      break;
    case 'pipe':
      walk(def.in, path);
      walk(def.out, path);
      break;
    case 'union':
      (def.options as AnySchema[]).forEach((option, i) => walk(option, `${path}|${i}`));
      break;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      break;
    case 'transform':
    case 'enum':
    case 'literal':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'never':
      break;
    default:
      out.push(`${path}: ${def.type} is not allowed in a request`);
  }
  return out;
}

const exported = (Object.entries(contract) as Array<[string, unknown]>).filter((entry): entry is [string, AnySchema] => isSchema(entry[1]));
const requests = exported.filter(([, schema]) => isRequestSchema(schema));

describe('request schemas', () => {
  it('are registered: every export named …Body/Query/ParamsSchema is, and the channel intake too', () => {
    expect(exported.filter(([name, schema]) => REQUEST_NAME.test(name) && !isRequestSchema(schema)).map(([name]) => name)).toEqual([]);
    expect(requests.map(([name]) => name)).toEqual(expect.arrayContaining(['intakeOrderSchema', 'intakeLineSchema', 'scanBodySchema', 'orderListQuerySchema']));
    expect(requests.length).toBeGreaterThanOrEqual(20);
  });

  it('read every string and number through the shared primitives', () => {
    const violations = requests.flatMap(([name, schema]) => primitiveViolations(schema, name));
    expect(violations).toEqual([]);
  });

  it('the walk catches a plain string, an unbounded number, a coerced one and an escape hatch', () => {
    const bad = request(
      z.object({
        good: text({ max: 10 }).regex(/^a/),
        name: z.string().trim().max(20),
        count: z.number().int(),
        page: z.coerce.number().int().min(1),
        big: z.number().int().min(0).max(2 ** 40),
        when: z.iso.date().optional(),
        anything: z.unknown(),
      }),
    );
    expect(primitiveViolations(bad, 'bad')).toEqual([
      'bad.name: a string not built with text(), isoDate(), isoDateTime() or base64()',
      'bad.count: a number not built with int(), queryInt() or decimal()',
      'bad.page: a number not built with int(), queryInt() or decimal()',
      'bad.big: a number not built with int(), queryInt() or decimal()',
      'bad.when: a string not built with text(), isoDate(), isoDateTime() or base64()',
      'bad.anything: unknown is not allowed in a request',
    ]);
  });
});

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('text()', () => {
  const single = text({ max: 10 });
  const multi = text({ max: 50, lines: 'multi' });
  const scanner = text({ max: 50, lines: 'scanner' });

  it('refuses NUL, other controls and lone surrogates with the catalogue message', () => {
    for (const bad of ['a\u0000b', '\u0000', 'a\u0007', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\tb', 'a\nb', '\ud800', 'x\udc00y', 'ab\ud83d']) {
      expect(issuesOf(single, bad), JSON.stringify(bad)).toEqual([{ path: '', message: FIELD_MESSAGES.textInvalidCharacters }]);
    }
  });

  it('accepts ordinary text, emoji included, and trims it', () => {
    expect(single.parse('  Siti  ')).toBe('Siti');
    expect(single.parse('Dapur 😀')).toBe('Dapur 😀');
    expect(issuesOf(single, 'x'.repeat(11))).toEqual([{ path: '', message: FIELD_MESSAGES.textTooLong(10) }]);
  });

  it('lets multi-line text keep tabs and line breaks, and a scanner its separators, but never NUL', () => {
    expect(multi.parse('Jl. Kemang\r\nRT 3\tRW 4')).toBe('Jl. Kemang\r\nRT 3\tRW 4');
    expect(issuesOf(multi, 'a\u0000')).toHaveLength(1);
    expect(scanner.parse('0108992761111113\u001d10LOT7')).toBe('0108992761111113\u001d10LOT7');
    expect(issuesOf(scanner, '8992761111113\u0000')).toHaveLength(1);
    expect(issuesOf(scanner, '8992761111113\u0007')).toHaveLength(1);
  });

  it('keeps a password as sent', () => {
    expect(text({ max: 20, trim: false }).parse(' rahasia ')).toBe(' rahasia ');
  });

  it('cannot be built unbounded', () => {
    expect(() => text({ max: 0 })).toThrow();
    expect(() => text({ max: 1_000_000 })).toThrow();
  });
});

describe('int(), queryInt() and decimal()', () => {
  it('refuse what int4 cannot hold, and cannot be built wider', () => {
    const id = int({ min: 0, max: INT4_MAX });
    expect(id.parse(INT4_MAX)).toBe(INT4_MAX);
    expect(issuesOf(id, INT4_MAX + 1)).toEqual([{ path: '', message: FIELD_MESSAGES.numberMax(INT4_MAX) }]);
    expect(issuesOf(id, 1.5)).toEqual([{ path: '', message: FIELD_MESSAGES.integer }]);
    expect(() => int({ min: 0, max: INT4_MAX + 1 })).toThrow();
    expect(() => queryInt({ min: INT4_MIN - 1, max: 0 })).toThrow();
    expect(() => decimal({ min: 0, max: Infinity })).toThrow();
  });

  it('reads query-string numbers within their bounds', () => {
    const page = queryInt({ min: 1, max: 10 });
    expect(page.parse('3')).toBe(3);
    expect(issuesOf(page, '11')).toHaveLength(1);
    expect(issuesOf(page, 'abc')).toHaveLength(1);
    expect(issuesOf(page, '')).toHaveLength(1);
  });
});

describe('isoDate() and isoDateTime()', () => {
  it(`accept ${DATE_RANGE.min} … ${DATE_RANGE.max} only`, () => {
    const day = isoDate();
    expect(day.parse(DATE_RANGE.min)).toBe(DATE_RANGE.min);
    expect(day.parse(DATE_RANGE.max)).toBe(DATE_RANGE.max);
    for (const bad of ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) expect(issuesOf(day, bad), bad).toEqual([{ path: '', message: FIELD_MESSAGES.dateRange }]);
    expect(issuesOf(day, '2026-02-30')).toEqual([{ path: '', message: FIELD_MESSAGES.dateFormat }]);
  });

  it('refuse timestamps at the edges of what ISO 8601 can write', () => {
    const at = isoDateTime();
    expect(at.parse('2026-01-31T08:00:00+07:00')).toBe('2026-01-31T08:00:00+07:00');
    expect(at.parse('2026-01-31T01:00:00.123Z')).toBe('2026-01-31T01:00:00.123Z');
    for (const bad of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '1970-01-01T00:00:00Z']) {
      expect(issuesOf(at, bad), bad).toEqual([{ path: '', message: FIELD_MESSAGES.dateTimeRange }]);
    }
    expect(issuesOf(at, '2026-01-31 08:00')).toEqual([{ path: '', message: FIELD_MESSAGES.dateTimeFormat }]);
  });
});

// The inputs of issue 9, refused by the contract itself (400 on every route that uses it).
describe('the request schemas refuse the inputs that answered 500', () => {
  const nul = 'a\u0000b';
  const lone = 'a\ud800b';

  it('orders: the list search, the scan and the count and list dates', () => {
    for (const query of [nul, lone]) expect(issuesOf(orderListQuerySchema, { status: '1101', query }).map((i) => i.path)).toEqual(['query']);
    expect(issuesOf(scanBodySchema, { barcode: '\u0000' }).map((i) => i.path)).toEqual(['barcode']);
    expect(issuesOf(orderCountQuerySchema, { latestOrder: '0000-01-01T00:00:00Z' }).map((i) => i.path)).toEqual(['latestOrder']);
    expect(issuesOf(orderCountQuerySchema, { latestOrder: '9999-12-31T23:59:59-14:00' }).map((i) => i.path)).toEqual(['latestOrder']);
    expect(issuesOf(orderListQuerySchema, { status: '1101', startDate: '0000-01-01' }).map((i) => i.path)).toEqual(['startDate']);
  });

  it('members and stores: the chosen store and the store search', () => {
    expect(issuesOf(selectStoreBodySchema, { storeCode: `T${nul}` }).map((i) => i.path)).toEqual(['storeCode']);
    expect(issuesOf(storeListQuerySchema, { query: nul }).map((i) => i.path)).toEqual(['query']);
  });

  it('channel intake: customer name, a line price beyond int4, and a total beyond int4', () => {
    const order = {
      orderNo: 'AG-12345',
      storeCode: 'T001',
      deliveryType: 0,
      paymentId: 2,
      customer: { name: 'Siti', phone: '081234567890' },
      lines: [{ barcode: '8992761111113', qty: 1 }],
    };
    expect(intakeOrderSchema.safeParse(order).success).toBe(true);
    expect(issuesOf(intakeOrderSchema, { ...order, customer: { ...order.customer, name: nul } }).map((i) => i.path)).toEqual(['customer.name']);
    expect(issuesOf(intakeLineSchema, { barcode: '8992761111113', qty: 1, price: 2_147_483_648 }).map((i) => i.path)).toEqual(['price']);
    const costly = { ...order, lines: [{ barcode: '8992761111113', qty: 2, price: INT4_MAX }] };
    expect(issuesOf(intakeOrderSchema, costly)).toEqual([{ path: 'lines', message: FIELD_MESSAGES.orderTotalTooLarge }]);
  });

  it('POD: reason texts, receiver names, reason ids beyond int4 and the queue dates', () => {
    const form = { shipmentNo: 'SHP2611220000001', deliveryType: '1', reasonId: '0', lat: '-6.2', long: '106.8', accuracy: '10', capturedAt: '2026-11-22T10:00:00+07:00' };
    expect(podRequestBodySchema.safeParse({ ...form, reasonText: 'Pelanggan di lantai 12' }).success).toBe(true);
    expect(issuesOf(podRequestBodySchema, { ...form, reasonText: `Lantai ${nul}` }).map((i) => i.path)).toEqual(['reasonText']);
    expect(issuesOf(podRequestBodySchema, { ...form, reasonId: '2147483648' })).toEqual([{ path: 'reasonId', message: FIELD_MESSAGES.reasonUnknown }]);
    expect(issuesOf(podRequestBodySchema, { ...form, reasonId: 2_147_483_648 })).toEqual([{ path: 'reasonId', message: FIELD_MESSAGES.reasonUnknown }]);
    expect(issuesOf(podRejectBodySchema, { rejectReasonId: '2147483648' })).toEqual([{ path: 'rejectReasonId', message: FIELD_MESSAGES.rejectReasonUnknown }]);
    expect(issuesOf(podRejectBodySchema, { rejectReasonId: '0', rejectReasonText: lone }).map((i) => i.path)).toEqual(['rejectReasonText']);
    const scanGo = { shipmentNo: 'SHP2611220000001', orderNo: 'A-1', lat: 1, long: 1, accuracy: 5, capturedAt: '2026-11-22T03:00:00.000Z', receiverRelation: 'Pemesan', isValidate: 'true', plasticQty: '0' };
    expect(podScanGoBodySchema.safeParse({ ...scanGo, receiverName: 'Budi' }).success).toBe(true);
    expect(issuesOf(podScanGoBodySchema, { ...scanGo, receiverName: `Bu${nul}di` }).map((i) => i.path)).toEqual(['receiverName']);
    expect(issuesOf(podRequestListQuerySchema, { startDate: '0000-01-01' }).map((i) => i.path)).toEqual(['startDate']);
  });
});
