import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PARTNER_SCOPES, type PartnerScope } from '@app/contracts/partner-api';
import type { Database } from '../db/database.ts';
import type { CommandOutput } from './with-database.ts';
import {
  addPartnerClient,
  changePartnerKeys,
  listPartnerClients,
  retireOldPartnerSecrets,
  revokePartnerClient,
  rotatePartnerSecret,
} from '../lib/partner-clients.ts';
import { listPartners, removePartnerWebhook, setPartnerWebhook } from '../modules/partner-api/service.ts';

export const PARTNERS_USAGE = `Usage: npm run partners -- <command>
  list                                   every partner client, live or revoked
  rates                                  every partner with its base rate
  add --partner <id> --name "<name>" --scopes points:earn,points:spend,members:read [--per-minute 600]
      [--jwks keys.json]                 registers a client and prints its id and secret (shown once); with
                                         --jwks (its public keys) it signs JWTs instead and has no secret
  add-keys <clientId> --jwks keys.json   adds public keys to a key client (a rotation's new key)
  remove-key <clientId> --kid <kid>      removes one of its keys (the end of a rotation)
  rotate-secret <clientId>               adds a new secret beside the old one and prints it (shown once)
  retire-old-secrets <clientId>          keeps only the newest secret: the end of a rotation
  revoke <clientId>                      stops the client at once
  webhook <clientId> --url https://…     sends the client's webhooks there; prints the signing secret (shown once)
  webhook <clientId> --remove            stops its webhooks`;

/** A key set from a file (JSON `{"keys": [...]}`). */
const readKeys = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

const isScope = (scope: string): scope is PartnerScope =>
  (PARTNER_SCOPES as readonly string[]).includes(scope);

/**
 * The operator's partner clients (docs/partner-api.md "Clients and tokens"): answers the exit code. The secrets it
 * prints are never stored; only their hashes are.
 */
export async function runPartnersCommand(argv: string[], db: Database, out: CommandOutput, now = new Date()) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      partner: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      'per-minute': { type: 'string' },
      url: { type: 'string' },
      jwks: { type: 'string' },
      kid: { type: 'string' },
      remove: { type: 'boolean' },
    },
  });
  const [command, clientId] = positionals;
  switch (command) {
    case 'list': {
      const clients = await listPartnerClients(db);
      if (clients.length === 0) out.log('No partner clients yet. Add one with: npm run partners -- add ...');
      for (const client of clients) {
        out.log(
          `${client.clientId}  ${client.partnerId}  "${client.name}"  ${client.scopes.join(' ')}  ${client.keys > 0 ? `${client.keys} key(s)` : `${client.secrets} secret(s)`}  ${client.requestsPerMinute}/min  ${client.revokedAt ? `revoked ${client.revokedAt.toISOString()}` : 'live'}`,
        );
      }
      return 0;
    }
    case 'rates': {
      for (const partner of await listPartners(db)) {
        out.log(
          `${partner.id}  "${partner.name}"  ${partner.kind}  ${partner.pointsPerPound} point(s) per £1`,
        );
      }
      return 0;
    }
    case 'add': {
      const scopes = (values.scopes ?? '')
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean);
      const unknown = scopes.filter((scope) => !isScope(scope));
      if (!values.partner || !values.name || scopes.length === 0 || unknown.length > 0) {
        out.error(unknown.length > 0 ? `Unknown scope: ${unknown.join(', ')}` : PARTNERS_USAGE);
        return 2;
      }
      const perMinute = values['per-minute'] ? Number(values['per-minute']) : undefined;
      if (perMinute !== undefined && (!Number.isInteger(perMinute) || perMinute < 1)) {
        out.error('--per-minute must be a whole number above zero');
        return 2;
      }
      const client = {
        partnerId: values.partner,
        name: values.name,
        scopes: scopes.filter(isScope),
        ...(perMinute ? { requestsPerMinute: perMinute } : {}),
      };
      if (values.jwks) {
        const added = await addPartnerClient(db, { ...client, jwks: readKeys(values.jwks) });
        out.log(`client_id=${added.clientId}`);
        out.log('It proves itself with a JWT signed by one of its keys (private_key_jwt); it has no secret.');
        return 0;
      }
      const added = await addPartnerClient(db, client);
      out.log(`client_id=${added.clientId}`);
      out.log(`client_secret=${added.secret}`);
      out.log('Keep the secret now: only its hash is stored, and it is not shown again.');
      return 0;
    }
    case 'add-keys': {
      if (!clientId || !values.jwks) break;
      const kids = await changePartnerKeys(db, clientId, { add: readKeys(values.jwks) });
      out.log(`${clientId} accepts JWTs signed by: ${kids.join(', ')}`);
      return 0;
    }
    case 'remove-key': {
      if (!clientId || !values.kid) break;
      const kids = await changePartnerKeys(db, clientId, { remove: [values.kid] });
      out.log(`${clientId} accepts JWTs signed by: ${kids.join(', ')}`);
      return 0;
    }
    case 'rotate-secret': {
      if (!clientId) break;
      const rotated = await rotatePartnerSecret(db, clientId);
      out.log(`client_secret=${rotated.secret}`);
      out.log(`Both secrets work until: npm run partners -- retire-old-secrets ${clientId}`);
      return 0;
    }
    case 'retire-old-secrets': {
      if (!clientId) break;
      await retireOldPartnerSecrets(db, clientId);
      out.log(`Only the newest secret of ${clientId} works now.`);
      return 0;
    }
    case 'webhook': {
      if (!clientId || (!values.url && !values.remove)) break;
      if (values.remove) {
        await removePartnerWebhook(db, clientId);
        out.log(`${clientId} has no webhook address now.`);
        return 0;
      }
      const { secret } = await setPartnerWebhook(db, clientId, values.url ?? '');
      out.log(`webhook_secret=${secret}`);
      out.log('Verify each delivery with it (Standard Webhooks); it is not shown again.');
      return 0;
    }
    case 'revoke': {
      if (!clientId) break;
      await revokePartnerClient(db, clientId, now);
      out.log(`${clientId} is revoked: its calls are refused from now on.`);
      return 0;
    }
  }
  out.error(PARTNERS_USAGE);
  return 2;
}
