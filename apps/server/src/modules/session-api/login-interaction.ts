import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signInMessages } from '@app/contracts/sign-in';
import { AppError } from '../../lib/app-error.ts';

/**
 * The identity provider's login interaction `uid` names, when this browser is the one that holds it: the
 * provider's signed interaction cookie must name the same interaction. An id alone continues nothing, so a
 * browser that learnt another's id cannot finish that browser's sign-in with its own password or passkey (which
 * would sign the other browser in to the wrong account). 'Sign-in expired' otherwise, as for an ended one.
 */
export async function browserLoginInteraction(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string | undefined,
) {
  const interaction = uid
    ? await app.identity.provider.interactionDetails(request.raw, reply.raw).catch(() => undefined)
    : undefined;
  if (!interaction || interaction.uid !== uid || interaction.prompt.name !== 'login') {
    throw new AppError(400, 'SIGN_IN_EXPIRED', signInMessages.signInExpired);
  }
  return interaction;
}
