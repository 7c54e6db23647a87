/**
 * The plans of the member reads' main queries at volume: the app's own repository functions run on a client that
 * runs each statement under EXPLAIN (ANALYZE, BUFFERS) first, so the statements are the ones the server sends.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from '../../apps/server/src/db/database.ts';
import { pointsBalance } from '../../apps/server/src/lib/points-ledger.ts';
import { findActiveCard } from '../../apps/server/src/modules/card/repository.ts';
import { listCollectorOffers } from '../../apps/server/src/modules/offers/repository.ts';
import { ledgerPage } from '../../apps/server/src/modules/transactions/repository.ts';
import { activityStart } from '../../apps/server/src/modules/transactions/service.ts';
import { listVouchers } from '../../apps/server/src/modules/vouchers/repository.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

export interface PlanFigure {
  read: string;
  /** The main table's access: node type and index. */
  access: string;
  /** Every scan of a member's table is an index scan whose condition names the member (or a row found so). */
  bounded: boolean;
  ms: number;
  buffers: number;
}

/** Tables that grow with the members: a sequential scan of any of them is a read proportional to the data. */
const MEMBER_TABLES = new Set([
  'points_ledger',
  'transaction_details',
  'collector_offers',
  'vouchers',
  'cards',
  'collectors',
  'sessions',
]);

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

class ExplainingClient extends pg.Client {
  plans: Array<{ plan: PlanNode; ms: number }> = [];
  // drizzle calls query({ text, values, rowMode, types }); the plan is taken, then the statement answers.
  override query(...args: unknown[]): never {
    const [config, values] = args as [{ text?: string; values?: unknown[] }, unknown[] | undefined];
    if (config && typeof config === 'object' && typeof config.text === 'string') {
      const explain = `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${config.text}`;
      return (async () => {
        const { rows } = await super.query<{
          'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }>;
        }>(explain, values ?? config.values ?? []);
        const top = rows[0]?.['QUERY PLAN'][0];
        if (top) this.plans.push({ plan: top.Plan, ms: top['Execution Time'] });
        return (super.query as (...a: unknown[]) => Promise<unknown>)(...args);
      })() as never;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

function figure(read: string, { plan, ms }: { plan: PlanNode; ms: number }, mainTable: string): PlanFigure {
  const all = nodes(plan);
  const scans = all.filter((node) => node['Relation Name'] && MEMBER_TABLES.has(node['Relation Name']));
  // A bitmap heap scan reads what its bitmap index scan found: the index and its condition are the child's.
  const index = (node: PlanNode) =>
    node['Node Type'] === 'Bitmap Heap Scan'
      ? node.Plans?.find((child) => child['Node Type'] === 'Bitmap Index Scan')
      : /Index/.test(node['Node Type'])
        ? node
        : undefined;
  const main = scans.find((node) => node['Relation Name'] === mainTable);
  const bounded =
    scans.length > 0 &&
    scans.every((node) => Boolean(index(node)?.['Index Cond'])) &&
    Boolean(main && index(main)?.['Index Cond']?.includes('collector_id'));
  return {
    read,
    access: main ? `${main['Node Type']} ${(index(main) ?? main)['Index Name'] ?? ''}`.trim() : 'none',
    bounded,
    ms,
    buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
  };
}

/** Plans for `member` (a member with many entries, so the deep page is deep). */
export async function memberReadPlans(url: string, member: string): Promise<PlanFigure[]> {
  const client = new ExplainingClient({ connectionString: url });
  await client.connect();
  try {
    const db = drizzle(client) as unknown as Database;
    const take = async (read: string, mainTable: string, run: () => Promise<unknown>) => {
      client.plans = [];
      await run();
      const first = client.plans[0];
      return first ? figure(read, first, mainTable) : undefined;
    };
    const figures = [
      await take('balance', 'points_ledger', () => pointsBalance(db, member)),
      await take('activity, first page', 'points_ledger', () => ledgerPage(db, member, activityStart, 21)),
      await take('activity, deep page', 'points_ledger', async () => {
        let after: { at: Date; id: string } | undefined;
        for (let page = 0; page < 8; page++) {
          const rows = await ledgerPage(db, member, activityStart, 21, after);
          const last = rows[19];
          if (!last) break;
          after = { at: last.createdAt, id: last.id };
          client.plans = [];
        }
        await ledgerPage(db, member, activityStart, 21, after);
      }),
      await take('offers list', 'collector_offers', () =>
        listCollectorOffers(db, member, ['PIANO', 'COALITION', 'NECTAR_PRICE']),
      ),
      await take('card', 'cards', () => findActiveCard(db, member)),
      await take('vouchers', 'vouchers', () => listVouchers(db, member)),
    ];
    return figures.filter((item): item is PlanFigure => Boolean(item));
  } finally {
    await client.end();
  }
}
