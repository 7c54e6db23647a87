import { PARTNER_IDS } from '@app/contracts/linked-partners';
import type { Database } from '../../db/database.ts';
import type { brands } from '../../db/schema/brands.ts';
import { addMissingBrands } from '../../modules/brands/service.ts';

type BrandRow = typeof brands.$inferInsert;

type Entry = [
  key: string,
  name: string,
  categories: string[],
  isVldx: boolean,
  rate: string,
  colour: string,
  description: string,
];

/**
 * The scheme's first brands: 44 partner brands over the ten categories of `BRAND_CATEGORIES`. Names are
 * the partners a member of the scheme would expect; logos are drawn by our own server (GET
 * /anonymous-nectar-brands-api/logos/{key}.svg), never fetched from elsewhere: the brand's Simple Icons mark
 * (modules/brands/brand-marks.ts) or, for a brand the set lacks, its name as a wordmark in its colour.
 */
const entries: Entry[] = [
  [
    'british-airways-avios',
    'British Airways Avios',
    ['travel'],
    false,
    'Convert 400 points to 250 Avios',
    '#1b3a6b',
    'Turn your points into Avios for flights, and Avios back into points.',
  ],
  [
    'hotels-com',
    'Hotels.com',
    ['travel'],
    false,
    '2 points to 1 Hotels.com point',
    '#c8102e',
    'Convert points to Hotels.com points for your next stay, and back again.',
  ],
  [
    'expedia',
    'Expedia',
    ['travel'],
    true,
    '2 points per £1',
    '#1f2b6c',
    'Holidays, flights and hotels booked through our eShop.',
  ],
  [
    'trainline',
    'Trainline',
    ['travel'],
    true,
    '1 point per £1',
    '#01c3a7',
    'Train and coach tickets across the UK and Europe.',
  ],
  [
    'eurostar',
    'Eurostar',
    ['travel'],
    true,
    '2 points per £1',
    '#ffd900',
    'High-speed trains to Paris, Brussels and Amsterdam.',
  ],
  ['hertz', 'Hertz', ['travel'], true, '4 points per £1', '#f7c600', 'Car hire in the UK and abroad.'],
  [
    'holiday-extras',
    'Holiday Extras',
    ['travel'],
    true,
    '3 points per £1',
    '#6a1b9a',
    'Airport parking, hotels and lounges.',
  ],
  [
    'argos',
    'Argos',
    ['home-and-garden', 'electronics', 'gifts-and-flowers'],
    false,
    '1 point per £1',
    '#d42114',
    'Collect in store and online; spend points on thousands of products.',
  ],
  [
    'ebay',
    'eBay',
    ['electronics', 'fashion', 'home-and-garden'],
    true,
    '1 point per £2',
    '#0064d2',
    'Collect on eligible eBay purchases.',
  ],
  [
    'esso',
    'Esso',
    ['travel'],
    false,
    '1 point per litre',
    '#e2001a',
    'Collect on fuel at Esso service stations.',
  ],
  [
    'sainsburys',
    "Sainsbury's",
    ['food-and-drink'],
    false,
    '1 point per £1',
    '#f06c00',
    'Collect and spend on your weekly shop.',
  ],
  [
    'tu-clothing',
    'Tu Clothing',
    ['fashion'],
    false,
    '1 point per £1',
    '#8e1b5a',
    'Clothing for the whole family.',
  ],
  [
    'habitat',
    'Habitat',
    ['home-and-garden'],
    false,
    '1 point per £1',
    '#222222',
    'Furniture and homeware design.',
  ],
  ['asos', 'ASOS', ['fashion'], true, '2 points per £1', '#2d2d2d', 'Fashion and beauty online.'],
  [
    'nike',
    'Nike',
    ['fashion', 'sports-and-outdoors'],
    true,
    '3 points per £1',
    '#111111',
    'Sportswear and trainers.',
  ],
  [
    'adidas',
    'adidas',
    ['fashion', 'sports-and-outdoors'],
    true,
    '3 points per £1',
    '#000000',
    'Trainers, kit and sportswear.',
  ],
  ['new-look', 'New Look', ['fashion'], true, '2 points per £1', '#b0005a', 'Affordable fashion and shoes.'],
  [
    'schuh',
    'schuh',
    ['fashion'],
    true,
    '2 points per £1',
    '#333f48',
    'Shoes and trainers from the big names.',
  ],
  [
    'dunelm',
    'Dunelm',
    ['home-and-garden'],
    true,
    '2 points per £1',
    '#5b2c6f',
    'Homewares, bedding and furniture.',
  ],
  [
    'wayfair',
    'Wayfair',
    ['home-and-garden'],
    true,
    '3 points per £1',
    '#7f187f',
    'Furniture and home goods online.',
  ],
  [
    'b-and-q',
    'B&Q',
    ['home-and-garden'],
    true,
    '1 point per £1',
    '#f47b20',
    'DIY, garden and home improvement.',
  ],
  [
    'thompson-and-morgan',
    'Thompson & Morgan',
    ['home-and-garden', 'gifts-and-flowers'],
    true,
    '5 points per £1',
    '#2e7d32',
    'Seeds, plants and garden supplies.',
  ],
  ['currys', 'Currys', ['electronics'], true, '1 point per £1', '#4c12a1', 'Tech, appliances and gaming.'],
  [
    'ao-com',
    'AO.com',
    ['electronics', 'home-and-garden'],
    true,
    '2 points per £1',
    '#6abf4b',
    'Washing machines, fridges and TVs.',
  ],
  [
    'samsung',
    'Samsung',
    ['electronics'],
    true,
    '2 points per £1',
    '#1428a0',
    'Phones, TVs and home appliances.',
  ],
  ['lenovo', 'Lenovo', ['electronics'], true, '3 points per £1', '#e2231a', 'Laptops, tablets and desktops.'],
  [
    'boots',
    'Boots',
    ['health-and-beauty'],
    true,
    '1 point per £1',
    '#05054b',
    'Health, beauty and pharmacy.',
  ],
  [
    'lookfantastic',
    'LOOKFANTASTIC',
    ['health-and-beauty'],
    true,
    '4 points per £1',
    '#000000',
    'Beauty and haircare brands.',
  ],
  [
    'the-body-shop',
    'The Body Shop',
    ['health-and-beauty', 'gifts-and-flowers'],
    true,
    '3 points per £1',
    '#004236',
    'Ethical skincare and body care.',
  ],
  [
    'specsavers',
    'Specsavers',
    ['health-and-beauty'],
    true,
    '2 points per £1',
    '#00843d',
    'Glasses, contact lenses and hearing.',
  ],
  [
    'deliveroo',
    'Deliveroo',
    ['food-and-drink'],
    true,
    '2 points per £1',
    '#00ccbc',
    'Food delivery from local restaurants.',
  ],
  [
    'hellofresh',
    'HelloFresh',
    ['food-and-drink'],
    true,
    '10 points per £1',
    '#91c11e',
    'Recipe boxes delivered weekly.',
  ],
  [
    'virgin-wines',
    'Virgin Wines',
    ['food-and-drink', 'gifts-and-flowers'],
    true,
    '5 points per £1',
    '#cc0000',
    'Wine cases delivered to your door.',
  ],
  [
    'caffe-nero',
    'Caffè Nero',
    ['food-and-drink'],
    false,
    '1 point per £1',
    '#0a2240',
    'Coffee and pastries on the go.',
  ],
  [
    'vue',
    'Vue',
    ['entertainment'],
    false,
    '1 point per £1',
    '#1a1a1a',
    'Cinema tickets, and spend points on films.',
  ],
  [
    'disney-plus',
    'Disney+',
    ['entertainment'],
    true,
    '200 points per subscription',
    '#113ccf',
    'Films and series streaming.',
  ],
  [
    'ticketmaster',
    'Ticketmaster',
    ['entertainment'],
    true,
    '1 point per £1',
    '#026cdf',
    'Concerts, comedy and theatre.',
  ],
  [
    'audible',
    'Audible',
    ['entertainment'],
    true,
    '150 points per trial',
    '#f7991c',
    'Audiobooks and podcasts.',
  ],
  [
    'interflora',
    'Interflora',
    ['gifts-and-flowers'],
    true,
    '4 points per £1',
    '#6d2077',
    'Flowers delivered across the UK.',
  ],
  [
    'moonpig',
    'Moonpig',
    ['gifts-and-flowers'],
    true,
    '3 points per £1',
    '#e5007d',
    'Personalised cards and gifts.',
  ],
  [
    'decathlon',
    'Decathlon',
    ['sports-and-outdoors'],
    true,
    '2 points per £1',
    '#0082c3',
    'Sports equipment for everyone.',
  ],
  [
    'go-outdoors',
    'GO Outdoors',
    ['sports-and-outdoors', 'travel'],
    true,
    '3 points per £1',
    '#005d39',
    'Camping, walking and outdoor kit.',
  ],
  [
    'american-express',
    'American Express',
    ['money-and-utilities'],
    false,
    'Up to 1 point per £1 spent on the card',
    '#006fcf',
    'Collect with the scheme credit card.',
  ],
  [
    'octopus-energy',
    'Octopus Energy',
    ['money-and-utilities'],
    true,
    '1,000 points on switching',
    '#5b2a86',
    'Green energy for your home.',
  ],
  [
    'direct-line',
    'Direct Line',
    ['money-and-utilities'],
    true,
    '1,500 points per policy',
    '#e30613',
    'Car and home insurance.',
  ],
];

/**
 * Brands a member can spend points with (the redeem panel), and how: the line the 'Ways to spend' panel shows
 * instead of the collect rate. 200 points are worth £1 (POINTS_PER_POUND).
 */
const spendRates: Record<string, string> = {
  'british-airways-avios': 'Convert 400 points to 250 Avios',
  'hotels-com': 'Convert 2 points to 1 Hotels.com point',
  argos: '200 points = £1 off in store and online',
  sainsburys: '200 points = £1 off your shopping',
  vue: '200 points = £1 off cinema tickets',
  esso: '200 points = £1 off fuel',
  'caffe-nero': '200 points = £1 off coffee',
  habitat: '200 points = £1 off homeware',
  'tu-clothing': '200 points = £1 off clothing',
  ebay: '200 points = £1 eBay voucher',
  'disney-plus': 'Spend points on your subscription',
};

/** Running bonuses (GET /bonus/{key}); `days` from the start that first writes the brand. */
const bonuses: Record<string, { title: string; description: string; days: number | null }> = {
  expedia: {
    title: 'Double points on hotels',
    description: 'Collect 4 points per £1 on hotels booked through our eShop.',
    days: 30,
  },
  asos: {
    title: '500 bonus points',
    description: 'Get 500 bonus points on your first order over £40.',
    days: 21,
  },
  currys: {
    title: 'Triple points on laptops',
    description: 'Collect 3 points per £1 on laptops and tablets.',
    days: 14,
  },
  hellofresh: {
    title: '1,000 bonus points',
    description: 'On your first recipe box when you join through our eShop.',
    days: null,
  },
  argos: {
    title: 'Double points weekend',
    description: 'Collect 2 points per £1 in store and online this weekend.',
    days: 7,
  },
  'british-airways-avios': {
    title: 'Bonus Avios',
    description: 'Convert 4,000 points or more and get 10% extra Avios.',
    days: 28,
  },
};

/** The first brands, in the order listed (their `sortOrder`); a bonus ends counted from `now`. */
export function brandCatalogue(now = new Date()): BrandRow[] {
  return entries.map(([key, name, categoryKeys, isVldx, collectRate, colour, description], index) => {
    const bonus = bonuses[key];
    return {
      key,
      name,
      categoryKeys,
      isVldx,
      collect: !key.includes('avios') && key !== 'hotels-com',
      redeem: key in spendRates,
      collectRate,
      spendRate: spendRates[key] ?? null,
      description,
      websiteUrl: `https://www.${key.replace(/-/g, '')}.example/`,
      colour,
      bonusTitle: bonus?.title ?? null,
      bonusDescription: bonus?.description ?? null,
      bonusEndsAt: bonus?.days ? new Date(now.getTime() + bonus.days * 86_400_000) : null,
      linkedPartnerId:
        key === 'british-airways-avios'
          ? PARTNER_IDS.airline
          : key === 'hotels-com'
            ? PARTNER_IDS.hotel
            : null,
      sortOrder: index,
    };
  });
}

/**
 * Puts the first brands in place at start: the brands that are missing only, so a brand changed in the table
 * keeps its row (and a bonus its end date).
 */
export async function loadBrandCatalogue(db: Database) {
  await addMissingBrands(db, brandCatalogue());
}
