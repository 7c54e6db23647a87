import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyReply, FastifyRequest, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';
import { compress, encodingFor } from './compression.ts';

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
export const sendWrittenJson = (reply: FastifyReply, json: string | Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);

/** An answer written once per version of its data, with its compressed forms made when first asked for. */
export interface WrittenAnswer {
  readonly json: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Below this size a compressed answer saves less than its header and the work cost. */
const COMPRESS_FROM_BYTES = 1024;

export const writtenAnswer = (json: string): WrittenAnswer => ({ json });

/**
 * Sends a written answer (as `sendWrittenJson`), compressed when the client accepts it and the answer is
 * large enough: each version is compressed once per coding, so a read of an unchanged version costs no more
 * than the plain one, and sends a tenth of the bytes (the offers list: about 46 KB, 2.5 KB with brotli).
 */
export function sendWrittenAnswer(request: FastifyRequest, reply: FastifyReply, answer: WrittenAnswer) {
  void reply.header('vary', 'accept-encoding');
  const encoding =
    answer.json.length >= COMPRESS_FROM_BYTES ? encodingFor(request.headers['accept-encoding']) : 'identity';
  if (encoding === 'identity') return sendWrittenJson(reply, answer.json);
  answer[encoding] ??= compress(answer.json, encoding, 'once');
  return sendWrittenJson(reply.header('content-encoding', encoding), answer[encoding]);
}
