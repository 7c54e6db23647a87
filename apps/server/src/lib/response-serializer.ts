import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
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
  // Compiled when the route first answers with this status, not at start: a start compiled some 600
  // serializers, most of which a given process never uses (ADR 016).
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    serialize ??= compileFastJsonStringify({
      schema: z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }),
      method,
      url,
      httpStatus: httpStatus ?? '200',
    });
    return serialize(data);
  };
};

/**
 * Sends an answer written beforehand, for answers kept in memory (ADR 016): the route's serializer is skipped,
 * so the writer must produce exactly the fields of the route's schema (each such route's test checks the
 * answer against it).
 */
export const sendWrittenJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
