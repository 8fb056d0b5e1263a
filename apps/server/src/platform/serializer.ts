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
  // Compiled on the first reply that needs it, once per schema (the error replies share theirs):
  // compiling every route's every status up front was about a third of the server's start-up.
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compiledFor(route))(data);
};

const compiled = new WeakMap<ZodType, (data: unknown) => string>();

function compiledFor(route: Parameters<FastifySerializerCompiler<ZodType>>[0]): (data: unknown) => string {
  const kept = compiled.get(route.schema);
  if (kept) return kept;
  let schema: Record<string, unknown> | undefined;
  try {
    const { $schema: _draft, ...rest } = z.toJSONSchema(route.schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as Record<string, unknown>;
    schema = rest;
  } catch {}
  const serialize = (schema ? fastJson(schema as unknown as Parameters<typeof fastJson>[0]) : zodSerializerCompiler(route)) as (data: unknown) => string;
  compiled.set(route.schema, serialize);
  return serialize;
}
