import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

/**
 * Replies are written by fast-json-stringify from the JSON Schema of their zod
 * schema: it writes only the properties the contract declares (a stray column
 * never leaks) and costs a fraction of validating the reply with zod and then
 * stringifying it. A schema JSON Schema cannot express keeps zod's serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  let schema: Record<string, unknown>;
  try {
    const { $schema: _draft, ...rest } = z.toJSONSchema(route.schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as Record<string, unknown>;
    schema = rest;
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJson(schema as unknown as Parameters<typeof fastJson>[0]);
};
