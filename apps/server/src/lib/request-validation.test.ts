// @databases none: pure rules and helpers; it opens no database.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GENERIC_ERROR_MESSAGE } from '@app/contracts/error-messages';
import { errorsPlugin } from '../plugins/errors.ts';
import { validatorCompiler } from './request-validation.ts';

async function appWith(body: z.ZodType) {
  const logged: unknown[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line)) } },
  });
  app.setValidatorCompiler(validatorCompiler);
  await app.register(errorsPlugin);
  app.post('/thing', { schema: { body } }, async (request) => request.body);
  return { app, logged };
}

describe('request validation', () => {
  const body = z.object({
    email: z.string().min(1, 'Please enter your email address'),
    state: z.enum(['LOADED', 'HIDDEN']),
  });

  it("answers the contract's own message for the first broken rule, without the field's name", async () => {
    const { app } = await appWith(body);
    const res = await app.inject({ method: 'POST', url: '/thing', payload: { email: '', state: 'LOADED' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION', description: 'Please enter your email address' });
  });

  it("answers the generic message where only zod's wording exists, and logs zod's account with the field", async () => {
    const { app, logged } = await appWith(body);
    const res = await app.inject({
      method: 'POST',
      url: '/thing',
      payload: { email: 'a', state: 'OPTEDIN' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION', description: GENERIC_ERROR_MESSAGE });
    expect(logged).toContainEqual(
      expect.objectContaining({ validation: expect.stringMatching(/^state: Invalid option/) }),
    );
  });

  it('passes the parsed value on', async () => {
    const { app } = await appWith(body);
    const res = await app.inject({
      method: 'POST',
      url: '/thing',
      payload: { email: 'a', state: 'HIDDEN', x: 1 },
    });
    expect(res.json()).toEqual({ email: 'a', state: 'HIDDEN' });
  });
});
