import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from '@app/contracts/error-codes';
import { GENERIC_ERROR_MESSAGE, requestMessages } from '@app/contracts/error-messages';
import { isDatabaseUnavailable } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { RequestValidationError } from '../lib/request-validation.ts';

/** Fastify's own client errors, with the description we show instead of its internal wording. */
const frameworkErrors: Record<string, { code: ErrorCode; description: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', description: requestMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', description: requestMessages.emptyJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'BODY_TOO_LARGE', description: requestMessages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', description: requestMessages.jsonOnly },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'INVALID_CONTENT_LENGTH',
    description: requestMessages.contentLengthWrong,
  },
};

/** What a 503 asks the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The one error handler (docs/architecture.md "Platform contracts"): maps every error to `{code,
 * description}`, hides internals and logs the cause once.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof RequestValidationError && error.detail) {
        request.log.info({ validation: error.detail }, 'request refused by its schema');
      }
      if (error instanceof AppError) {
        return reply
          .status(error.statusCode)
          .send({ ...error.extra, code: error.code, description: error.description });
      }
      const known = error.code ? frameworkErrors[error.code] : undefined;
      if (known) return reply.status(error.statusCode ?? 400).send(known);
      if (error.statusCode === 429) {
        return reply
          .status(429)
          .send({ code: 'TOO_MANY_REQUESTS', description: requestMessages.tooManyRequests });
      }
      // A stalled or unreachable database, or a request past HTTP_HANDLER_TIMEOUT_MS: try again later.
      if (error.code === 'FST_ERR_HANDLER_TIMEOUT' || isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'answered 503: the database or the request ran out of time');
        return reply
          .status(503)
          .header('retry-after', RETRY_AFTER_SECONDS)
          .send({ code: 'SERVICE_UNAVAILABLE', description: GENERIC_ERROR_MESSAGE });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // The wire's codes are one list (contracts' ERROR_CODES): a framework's own code is only logged.
        request.log.info({ frameworkCode: error.code }, 'request refused by the framework');
        return reply.status(error.statusCode).send({ code: 'BAD_REQUEST', description: error.message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: 'SERVER_ERROR', description: GENERIC_ERROR_MESSAGE });
    });
  },
  { name: 'errors' },
);
