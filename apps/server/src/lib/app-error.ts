/** An error the client may see as `{code, description}` with its HTTP status (DESIGN.md 4). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'AppError';
  }
}
