/**
 * The bot-check's call (docs/architecture.md "Platform contracts"); no zod in this file, so the shared
 * bot-check loads no schema.
 */
export const botCheckPaths = {
  challenge: '/bot-check/challenge',
} as const;
