import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { BRAND_ASSETS_PATH, type Brand } from '@app/contracts/brand';
import { OFFLINE_CARD_PATH, WEB_APP_MANIFEST_PATH } from '@app/contracts/offline';

/** An icon of the installed app, drawn from the brand's icon (ADR 028) as a PNG. */
interface AppIcon {
  name: string;
  size: number;
  /** `any`: the icon as drawn; `maskable`: on a full square of the brand colour, inside the safe zone. */
  purpose: 'any' | 'maskable';
  /** Named by the web app manifest; the Apple touch icon is linked by the page (index.html) instead. */
  inManifest: boolean;
}

/** What Android and desktop Chrome ask of an installable app (192 and 512 px, and a maskable one), and iOS's. */
export const APP_ICONS: readonly AppIcon[] = [
  { name: 'app-icon-192.png', size: 192, purpose: 'any', inManifest: true },
  { name: 'app-icon-512.png', size: 512, purpose: 'any', inManifest: true },
  { name: 'app-icon-maskable-512.png', size: 512, purpose: 'maskable', inManifest: true },
  // iOS rounds the corners itself and shows transparent ones black: the full square, as the maskable icon.
  { name: 'apple-touch-icon.png', size: 180, purpose: 'maskable', inManifest: false },
];

export const appIconPath = (icon: AppIcon) => `${BRAND_ASSETS_PATH}/${icon.name}`;

/** The page's background behind the app while it starts (tokens.css `--color-surface`). */
const SPLASH_BACKGROUND = '#ffffff';

/**
 * The web app manifest (ADR 030): the scheme's name and colours from the chosen brand, the card page as the
 * start, standalone like an app. Drawn by the server, not the build, because the brand is chosen at start.
 */
export function webAppManifest(brand: Brand) {
  return {
    id: OFFLINE_CARD_PATH,
    name: brand.name,
    short_name: brand.name,
    description: `Your ${brand.name} card and barcode at the till, even with no signal, with your points, offers and activity.`,
    lang: 'en-GB',
    dir: 'ltr',
    start_url: OFFLINE_CARD_PATH,
    scope: '/',
    display: 'standalone',
    background_color: SPLASH_BACKGROUND,
    theme_color: brand.colours.brand,
    categories: ['shopping', 'lifestyle'],
    icons: APP_ICONS.filter((icon) => icon.inManifest).map((icon) => ({
      src: appIconPath(icon),
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}

/**
 * The maskable icon's drawing: the brand's icon at 70% in the middle of a square of the brand colour, so that
 * its whole mark stays inside the circle a launcher may cut it to (the safe zone, 80% across).
 */
export function maskableIconSvg(iconSvg: Buffer, background: string): string {
  const icon = `data:image/svg+xml;base64,${iconSvg.toString('base64')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="${background}"/><image x="15" y="15" width="70" height="70" href="${icon}"/></svg>`;
}

/** Draws an SVG as a PNG `size` pixels across (resvg; loaded on the first icon asked for, not at start). */
async function drawPng(svg: string | Buffer, size: number): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng());
}

const etagOf = (body: Buffer | string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;

/**
 * The installable app (ADR 030): the manifest and its icons, in the chosen brand. Both keep their
 * addresses from one brand to another, so they are revalidated (ETag, `no-cache`) like the brand's images.
 */
export const installableAppPlugin = fp(
  async (app) => {
    const chosen = app.config.brand;
    const manifest = JSON.stringify(webAppManifest(chosen.brand));
    const manifestEtag = etagOf(manifest);
    app.get(WEB_APP_MANIFEST_PATH, { schema: { hide: true } }, (request, reply) => {
      reply.header('etag', manifestEtag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === manifestEtag) return reply.status(304).send();
      return reply.type('application/manifest+json; charset=utf-8').send(manifest);
    });

    const iconSvg = chosen.assets.find((asset) => asset.path === chosen.iconPath)?.body;
    if (!iconSvg) throw new Error(`the brand serves no icon at ${chosen.iconPath}`);
    const drawn = new Map<string, Promise<{ body: Buffer; etag: string }>>();
    const draw = (icon: AppIcon) => {
      let png = drawn.get(icon.name);
      if (!png) {
        const svg =
          icon.purpose === 'maskable' ? maskableIconSvg(iconSvg, chosen.brand.colours.brand) : iconSvg;
        png = drawPng(svg, icon.size).then((body) => ({ body, etag: etagOf(body) }));
        // A failure is not kept: the next request draws again.
        png.catch(() => drawn.delete(icon.name));
        drawn.set(icon.name, png);
      }
      return png;
    };
    for (const icon of APP_ICONS) {
      app.get(appIconPath(icon), { schema: { hide: true } }, async (request, reply) => {
        const { body, etag } = await draw(icon);
        reply.header('etag', etag).header('cache-control', 'no-cache');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        return reply.type('image/png').send(body);
      });
    }
  },
  { name: 'installable-app', dependencies: ['config'] },
);
