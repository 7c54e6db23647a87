import { LRUCache } from 'lru-cache';
import {
  BRAND_CATEGORIES,
  brandMatches,
  brandsMessages,
  type Brand,
  type BrandCategory,
  type BrandPanelType,
} from '@app/contracts/brands';
import { brand as scheme } from '@app/contracts/brand';
import { brandLogoUrl } from '@app/contracts/brand-logos';
import type { Clock } from '../../lib/clock.ts';
import type { Database, DbExecutor } from '../../db/database.ts';
import type { brands } from '../../db/schema/brands.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findBrand,
  findClick,
  insertBrands,
  listBrands,
  recordClick,
  type StoredBrand,
} from './repository.ts';

/** A stored brand as the app sees it (docs/product/signed-in-pages.md §S3 "Brand"). */
export function toBrand(row: StoredBrand, now: Date): Brand {
  const bonusLive = row.bonusTitle && (!row.bonusEndsAt || row.bonusEndsAt > now);
  return {
    brandDetailsKey: row.key,
    name: row.name,
    imageUrls: { logoImageUrl: brandLogoUrl(row.key) },
    isVldx: row.isVldx,
    categoryKeys: row.categoryKeys,
    collectRate: row.collectRate,
    spendRate: row.spendRate,
    collect: row.collect,
    redeem: row.redeem,
    description: row.description,
    bonus: bonusLive
      ? {
          title: row.bonusTitle ?? '',
          description: row.bonusDescription ?? '',
          endsAt: row.bonusEndsAt?.toISOString() ?? null,
        }
      : null,
    linkedPartnerId: row.linkedPartnerId,
  };
}

const notFound = () => new AppError(404, 'BRAND_NOT_FOUND', brandsMessages.notFound);

/**
 * The brand rules of docs/product/calls-and-errors.md §S7.1; the list is small and read often, so it is kept
 * for a minute.
 */
export function createBrandService({ db, clock }: { db: Database; clock: Clock }) {
  const now = () => clock.now();
  const cache = new LRUCache<'all', StoredBrand[]>({ max: 1, ttl: 60_000 });
  const all = async () => {
    const cached = cache.get('all');
    if (cached) return cached;
    const rows = await listBrands(db);
    cache.set('all', rows);
    return rows;
  };

  const categories = async (): Promise<BrandCategory[]> => {
    const rows = await all();
    return BRAND_CATEGORIES.map(({ key, name }) => ({
      key,
      name,
      brandCount: rows.filter((row) => row.categoryKeys.includes(key)).length,
    }));
  };

  return {
    categories,
    async list(filter: { category?: string; search?: string; eshop?: boolean }) {
      const rows = await all();
      const at = now();
      const brands = rows
        .filter((row) => !filter.category || row.categoryKeys.includes(filter.category))
        .filter((row) => filter.eshop === undefined || row.isVldx === filter.eshop)
        .filter((row) => !filter.search || brandMatches(row.name, filter.search))
        .map((row) => toBrand(row, at));
      return { brands, categories: await categories() };
    },
    async panel(type: BrandPanelType) {
      const rows = await all();
      const at = now();
      const picked = rows.filter((row) => (type === 'collect' ? row.collect : row.redeem)).slice(0, 8);
      return {
        type,
        title: type === 'collect' ? 'Ways to collect' : `Ways to spend your ${scheme.name} points`,
        brands: picked.map((row) => toBrand(row, at)),
      };
    },
    /** The anonymous brands lookup: the given brands in that order (unknown keys left out), or every brand. */
    async lookup(keys: string[] | undefined) {
      const rows = await all();
      const picked = keys ? keys.flatMap((key) => rows.filter((row) => row.key === key)) : rows;
      return {
        brands: picked.map((row) => ({
          brandDetailsKey: row.key,
          name: row.name,
          imageUrls: { logoImageUrl: brandLogoUrl(row.key) },
        })),
      };
    },
    async get(key: string) {
      const row = await findBrand(db, key);
      if (!row) throw notFound();
      return toBrand(row, now());
    },
    async stored(key: string) {
      const row = (await all()).find((candidate) => candidate.key === key) ?? (await findBrand(db, key));
      if (!row) throw notFound();
      return row;
    },
    async bonus(key: string) {
      const brand = await this.get(key);
      return { brandDetailsKey: brand.brandDetailsKey, bonus: brand.bonus };
    },
    /** The exit to a brand's site: a click reference the brand reports points against. */
    async post(key: string, direction: 'collect' | 'redeem', collectorId: string | null) {
      const row = await findBrand(db, key);
      if (!row) throw notFound();
      if (direction === 'redeem' && !row.redeem) {
        throw new AppError(400, 'BRAND_NO_REDEEM', brandsMessages.noRedeem(row.name));
      }
      const clickReference = await recordClick(db, { brandKey: key, collectorId, direction });
      const url = new URL(row.websiteUrl);
      url.searchParams.set('ref', clickReference);
      url.searchParams.set('utm_source', scheme.slug);
      return { brandDetailsKey: key, direction, url: url.toString(), clickReference };
    },
  };
}

/** Adds the brands of this list that are missing; a brand already stored keeps its row (the start data). */
export async function addMissingBrands(db: Database, rows: Array<typeof brands.$inferInsert>) {
  await insertBrands(db, rows);
}

/**
 * The click reference a brand's eShop link carried (`ref`, from `post` above), as the eShop sends it back with a
 * sale (the partner API's `{clickId}`): the brand and the member who clicked, or undefined for an unknown one.
 */
export async function clickOf(db: DbExecutor, clickId: string) {
  return UUID_PATTERN.test(clickId) ? findClick(db, clickId) : undefined;
}
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
