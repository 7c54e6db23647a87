import { openDatabase } from '../db/database.ts';
import { readConfig } from '../env.ts';
import { PREVIEW_DEFAULT_HOURS, createOfferPreview } from '../modules/offers/previews.ts';

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
const config = readConfig();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const { paths } = await createOfferPreview(
    handle.db,
    offerId,
    hours ? Number(hours) : PREVIEW_DEFAULT_HOURS,
  );
  for (const [name, path] of Object.entries(paths))
    console.log(`${name.padEnd(13)} ${config.publicUrl}${path}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
