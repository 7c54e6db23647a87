import type { FastifyRequest } from 'fastify';
import type { IsSwitchOn } from '@app/contracts/routes';
import {
  environmentOf,
  parseNameList,
  resolveSwitches,
  SWITCHES_COOKIE,
  SWITCHES_PARAM,
} from '@app/contracts/switches';

/**
 * The switches a request is answered under: the environment from the host name, plus the override list from
 * the URL or the one the app remembered in a cookie (docs/product/switches-and-constants.md §S9). No route or
 * call is gated by a remote switch, so the remote configuration is not consulted here.
 */
export const switchInputsFor = (request: FastifyRequest, search: string) => {
  const fromUrl = new URLSearchParams(search).get(SWITCHES_PARAM);
  return {
    environment: environmentOf(request.hostname),
    overrides: parseNameList(fromUrl ?? request.cookies[SWITCHES_COOKIE]),
  };
};

export const switchesFor = (request: FastifyRequest, search = ''): IsSwitchOn => {
  const switches = resolveSwitches(switchInputsFor(request, search));
  return (name) => switches[name];
};
