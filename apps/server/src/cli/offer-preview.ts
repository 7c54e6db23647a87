import { PREVIEW_DEFAULT_HOURS, createOfferPreview } from '../modules/offers/previews.ts';
import { withDatabase } from './with-database.ts';

/**
 * `npm run offer-preview -- <offerId> [hours]`: prints the three preview links of an offer, signed with the
 * secret every instance shares, for the operator to send to a partner or a colleague. Uses the same settings
 * as the server (DATABASE_URL or DATA_DIR, PUBLIC_URL).
 */
const [offerId, hours] = process.argv.slice(2);
if (!offerId) {
  console.error('Usage: npm run offer-preview -- <offerId> [hours]');
  process.exit(2);
}
await withDatabase(async (db, config) => {
  const { paths } = await createOfferPreview(db, offerId, hours ? Number(hours) : PREVIEW_DEFAULT_HOURS);
  for (const [name, path] of Object.entries(paths))
    console.log(`${name.padEnd(13)} ${config.publicUrl}${path}`);
  return 0;
});
