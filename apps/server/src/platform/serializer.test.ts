import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer';

const compile = (schema: z.ZodType) => serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('serializerCompiler', () => {
  it('writes only what the contract declares, nulls included', () => {
    const write = compile(z.object({ shipmentNo: z.string(), pickerName: z.string().nullable(), lines: z.array(z.object({ qty: z.number().int() })) }));
    const out = JSON.parse(write({ shipmentNo: 'SHP1', pickerName: null, pickupCode: '123456', lines: [{ qty: 2, secret: 'x' }] }));
    expect(out).toEqual({ shipmentNo: 'SHP1', pickerName: null, lines: [{ qty: 2 }] });
  });

  it('refuses a reply that misses a required field', () => {
    const write = compile(z.object({ shipmentNo: z.string() }));
    expect(() => write({})).toThrow();
  });
});
