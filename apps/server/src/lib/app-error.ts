/**
 * An error the client may see as `{code, description}` with its HTTP status (docs/architecture.md "Platform
 * contracts").
 */
import type { ErrorCode } from '@app/contracts/error-codes';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly description: string,
    /** More fields of the body, beside code and description (the session upgrade's login url and token). */
    readonly extra?: Readonly<Record<string, string>>,
  ) {
    super(description);
    this.name = 'AppError';
  }
}
