import { parseArgs } from 'node:util';
import { claimStatusSchema } from '@app/contracts/missing-points';
import { AppError } from '../lib/app-error.ts';
import type { MissingPointsService } from '../modules/missing-points/service.ts';

export const CLAIMS_USAGE = [
  'Usage:',
  '  npm run claims -- list [--status OPEN|GRANTED|REFUSED]',
  '  npm run claims -- grant <claim id> --points <N> [--note "..."]',
  '  npm run claims -- refuse <claim id> --reason "..."',
].join('\n');

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * The operator's missing-points command (ADR 043), until an operator console exists: lists
 * claims, grants or refuses one through the module's service (the ledger, the email). Answers the exit code:
 * 0 done, 1 refused by a rule (the description printed), 2 wrong usage.
 */
export async function runClaimsCommand(
  argv: string[],
  service: Pick<MissingPointsService, 'listForOperator' | 'grant' | 'refuse'>,
  out: { log: (line: string) => void; error: (line: string) => void },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        status: { type: 'string' },
        points: { type: 'string' },
        note: { type: 'string' },
        reason: { type: 'string' },
      },
    });
  } catch (error) {
    out.error(`${(error as Error).message}\n${CLAIMS_USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [action, claimId] = positionals;
  const usage = (problem: string) => {
    out.error(`${problem}\n${CLAIMS_USAGE}`);
    return 2;
  };
  try {
    if (action === 'list') {
      const status =
        values.status === undefined ? undefined : claimStatusSchema.safeParse(values.status.toUpperCase());
      if (status && !status.success) return usage('--status is OPEN, GRANTED or REFUSED.');
      const claims = await service.listForOperator(status?.data);
      if (claims.length === 0) {
        out.log(status ? `No ${status.data} claims.` : 'No claims.');
        return 0;
      }
      for (const claim of claims) {
        const settled =
          claim.status === 'GRANTED'
            ? ` +${claim.pointsGranted} points`
            : claim.status === 'REFUSED'
              ? ' refused'
              : '';
        out.log(
          [
            claim.id,
            claim.status.padEnd(7),
            claim.createdAt.slice(0, 10),
            claim.email ?? '(no email)',
            `${claim.partnerName}, ${claim.purchasedOn}, ${pounds(claim.spendPence)}, ref ${claim.reference}`,
            claim.hasReceipt ? 'receipt' : 'no receipt',
          ].join('  ') +
            (settled || claim.operatorNote
              ? `  ${settled.trim()}${claim.operatorNote ? ` "${claim.operatorNote}"` : ''}`
              : ''),
        );
      }
      out.log(`${claims.length} claim${claims.length === 1 ? '' : 's'}.`);
      return 0;
    }
    if (action === 'grant') {
      if (!claimId) return usage('grant needs the claim id.');
      const points = Number(values.points);
      if (!values.points || !Number.isSafeInteger(points) || points < 1) {
        return usage('grant needs --points, a whole number of points above 0.');
      }
      const claim = await service.grant(claimId, points, values.note);
      out.log(`Granted ${points} points on claim ${claim.id}; the member has been emailed.`);
      return 0;
    }
    if (action === 'refuse') {
      if (!claimId) return usage('refuse needs the claim id.');
      if (!values.reason?.trim()) return usage('refuse needs --reason "...", which the member will read.');
      const claim = await service.refuse(claimId, values.reason);
      out.log(`Refused claim ${claim.id}; the member has been emailed.`);
      return 0;
    }
    return usage(action ? `Unknown action: ${action}.` : 'Say what to do.');
  } catch (error) {
    if (error instanceof AppError) {
      out.error(error.description);
      return 1;
    }
    throw error;
  }
}
