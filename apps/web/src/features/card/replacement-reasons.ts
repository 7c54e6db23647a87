import type { ReplacementType } from '@app/contracts/card';

/** How the replacement types of docs/product/signed-in-pages.md §S3 read to a member. */
export const reasonLabels: Record<ReplacementType, string> = {
  LOST: "It's lost",
  STOLEN: 'It was stolen',
  DAMAGED: "It's damaged or won't scan",
};
