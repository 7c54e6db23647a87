import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';
import { brand } from '@app/contracts/brand';
import { SUPERMARKET_OFFERS_PATH } from '@app/contracts/routes';
import {
  DEMO_CARD,
  chooseEssentialCookiesOnly,
  designScreenshot,
  expect,
  freshMember,
  seriousAxeViolations,
  test,
} from './fixtures.ts';

const OFFER = '50 bonus points on salmon fillets';

test("a member loads an offer, a sale at the sandbox till pays it out, and the member's open homepage shows it without a reload", async ({
  page,
  context,
  consoleErrors,
}) => {
  const member = await freshMember(page.request, { points: 100, offers: 'demo' });

  // The member loads the offer on the site.
  await page.goto(SUPERMARKET_OFFERS_PATH);
  await chooseEssentialCookiesOnly(page);
  const offer = page.getByRole('article', { name: OFFER, exact: true });
  const loaded = page.waitForResponse(
    (response) => response.url().endsWith('/offers-api/offer/state') && response.status() === 200,
  );
  await offer.getByRole('button', { name: 'Load offer' }).click();
  await loaded;

  // The homepage stays open while the till sells.
  // The app opens its stream of live updates once the page has loaded.
  const stream = page.waitForResponse((response) => response.url().endsWith('/balance-api/updates'));
  await page.goto('/homepage');
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam' })).toBeVisible();
  expect((await stream).status()).toBe(200);
  const saved = page.getByRole('region', { name: 'Your saved offers' });
  await expect(saved.getByRole('article', { name: OFFER, exact: true })).toBeVisible();
  await expect(page.getByText('100', { exact: true }).first()).toBeVisible();

  const till = await context.newPage();
  await till.goto('/till');
  await expect(till.getByRole('heading', { level: 1, name: 'Sandbox till' })).toBeVisible();
  await till.getByLabel('Card number').fill(member.cardNumber);
  await till.getByRole('button', { name: /^Add Salmon fillets/ }).click();
  await till.getByRole('button', { name: 'Pay' }).click();
  const result = till.getByRole('status', { name: 'Till result' });
  await expect(result.getByText(`Bonus offer: ${OFFER}`)).toBeVisible();
  await expect(result.getByText('Points for your shop')).toBeVisible();

  // Salmon fillets at £3.22 earn 3 base points and the offer's 50: the open homepage hears of it by itself.
  // Its notice lasts 4 seconds (a toast), so it is read before the till's slower checks below.
  await expect(page.getByText(`You collected 53 points at ${brand.retailer}`)).toBeVisible();
  await expect(page.getByText('153', { exact: true }).first()).toBeVisible();
  expect(await seriousAxeViolations(till)).toEqual([]);
  await designScreenshot(till, 'sandbox-till-paid');
  await till.close();
  await expect(saved.getByRole('article', { name: OFFER, exact: true }).getByText('Paid out')).toBeVisible();
  await designScreenshot(page, 'homepage-after-till-sale');
  expect(consoleErrors).toEqual([]);
});

/**
 * A video of the demo card's barcode as a camera would show it (Y4M, the format Chromium's fake camera plays):
 * the barcode drawn by bwip-js, as the card page draws it, on a light background.
 */
async function cardOnCamera(cardNumber: string) {
  const png = PNG.sync.read(
    await bwipjs.toBuffer({
      bcid: 'code128',
      text: cardNumber,
      scale: 3,
      height: 18,
      paddingwidth: 10,
      paddingheight: 10,
      backgroundcolor: 'FFFFFF',
    }),
  );
  const [width, height] = [640, 480];
  const luma = Buffer.alloc(width * height, 235);
  const [left, top] = [Math.floor((width - png.width) / 2), Math.floor((height - png.height) / 2)];
  for (let row = 0; row < png.height; row++) {
    for (let column = 0; column < png.width; column++) {
      const at = (row * png.width + column) * 4;
      luma[(top + row) * width + left + column] = 16 + Math.round(((png.data[at] ?? 0) * 219) / 255);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'lc-camera-')), 'card.y4m');
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

test("the sandbox till reads the member's card from the camera where the browser has no barcode reader of its own", async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  const video = await cardOnCamera(DEMO_CARD);
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL });
    const till = await context.newPage();
    await till.goto('/till');
    // Chromium on Linux has no BarcodeDetector: ZXing reads the frames.
    expect(await till.evaluate(() => 'BarcodeDetector' in globalThis)).toBe(false);
    await till.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(till.getByLabel('Card number')).toHaveValue(DEMO_CARD);
    await expect(till.getByText('Card scanned.')).toBeVisible();
  } finally {
    await browser.close();
  }
});
