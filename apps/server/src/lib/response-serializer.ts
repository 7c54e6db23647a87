import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

const compileFastJsonStringify = SerializerSelector()({});

/**
 * Responses are written by fast-json-stringify from the JSON Schema that zod derives from each route's
 * response schema: the same schema that documents the route decides which fields leave the server (unknown
 * properties are dropped), without validating every response object with zod again, which made a list of
 * offers five times slower to send (docs/decisions/005).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema,
  method,
  url,
  httpStatus,
}) => {
  if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return compileFastJsonStringify({ schema: jsonSchema, method, url, httpStatus: httpStatus ?? '200' });
};
