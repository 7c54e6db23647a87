import { createHash } from 'node:crypto';
import { brand } from '@app/contracts/brand';
import { PRICE_CATEGORIES, type PriceCategoryName, type PriceRow } from '@app/contracts/member-prices';
import { OFFER_IMAGE_WIDTHS } from '@app/contracts/offers';
import type { Database } from '../../db/database.ts';
import type { memberPrices } from '../../db/schema/offers.ts';
import { addMissingMemberPrices, toPriceRow } from '../../modules/member-prices/service.ts';

/**
 * The scheme's first member prices (docs/product/signed-in-pages.md §S1 and §S3 "Price catalogue row"; ADR
 * 038): several hundred rows of the member_prices table, made from product bases, the makers that sell each
 * and their sizes or packs. It holds no randomness: a row's discount comes from a hash of its SKU, so every
 * start makes the same rows, and a row missing from the table is added with the prices it always had.
 */

/** Sizes or packs and what each costs against the first. */
type Sizes = ReadonlyArray<readonly [label: string, factor: number]>;
const SIZES = {
  loaf: [
    ['400g', 1],
    ['800g', 1.55],
  ],
  pack4: [
    ['x4', 1],
    ['x6', 1.4],
    ['x12', 2.6],
  ],
  drinkBottle: [
    ['500ml', 1],
    ['1.25L', 1.8],
    ['2L', 2.4],
  ],
  cans: [
    ['4 x 440ml', 1],
    ['10 x 440ml', 2.2],
    ['18 x 440ml', 3.6],
  ],
  wine: [
    ['75cl', 1],
    ['Magnum 1.5L', 1.9],
  ],
  spirit: [
    ['35cl', 1],
    ['70cl', 1.8],
    ['1L', 2.4],
  ],
  tea: [
    ['40 bags', 1],
    ['80 bags', 1.8],
    ['240 bags', 4.6],
  ],
  jar: [
    ['100g', 1],
    ['200g', 1.8],
  ],
  grams: [
    ['250g', 1],
    ['500g', 1.8],
    ['1kg', 3.2],
  ],
  tins: [
    ['400g', 1],
    ['4 x 400g', 3.4],
  ],
  frozenBag: [
    ['500g', 1],
    ['1kg', 1.75],
    ['1.5kg', 2.4],
  ],
  tub: [
    ['500ml', 1],
    ['900ml', 1.6],
  ],
  loose: [
    ['each', 1],
    ['x4', 3],
  ],
  punnet: [
    ['250g', 1],
    ['400g', 1.5],
    ['750g', 2.6],
  ],
  bag: [
    ['1kg', 1],
    ['2.5kg', 2.1],
  ],
  washes: [
    ['20 washes', 1],
    ['40 washes', 1.8],
    ['70 washes', 2.9],
  ],
  rolls: [
    ['4 rolls', 1],
    ['9 rolls', 2],
    ['16 rolls', 3.4],
  ],
  bottle: [
    ['500ml', 1],
    ['1L', 1.7],
  ],
  meatPack: [
    ['300g', 1],
    ['500g', 1.55],
    ['1kg', 2.9],
  ],
  fishPack: [
    ['2 fillets', 1],
    ['4 fillets', 1.85],
  ],
  single: [['', 1]],
  meal: [
    ['400g', 1],
    ['Serves 2 800g', 1.8],
  ],
  care: [
    ['250ml', 1],
    ['400ml', 1.5],
  ],
  tablets: [
    ['16 tablets', 1],
    ['32 tablets', 1.7],
  ],
} as const satisfies Record<string, Sizes>;

interface ProductBase {
  product: string;
  /** An offer picture's key (modules/offers/offer-pictures.ts): the offers' images route draws it. */
  picture: string;
  /** The normal price of the first size from the first maker, in pence. */
  price: number;
  sizes: keyof typeof SIZES;
  /** Who sells it: the retailer's own label costs less, a premium maker more. */
  makers: readonly string[];
}

const own = brand.retailer;
const taste = `${brand.retailer} Taste the Difference`;

const BASES: Record<PriceCategoryName, readonly ProductBase[]> = {
  Bakery: [
    {
      product: 'White Bread',
      picture: 'bread',
      price: 95,
      sizes: 'loaf',
      makers: [own, 'Warburtons', 'Hovis'],
    },
    { product: 'Wholemeal Bread', picture: 'bread', price: 105, sizes: 'loaf', makers: [own, 'Hovis'] },
    {
      product: 'All Butter Croissants',
      picture: 'croissant',
      price: 150,
      sizes: 'pack4',
      makers: [own, taste],
    },
    {
      product: 'Plain Bagels',
      picture: 'bagel',
      price: 120,
      sizes: 'pack4',
      makers: [own, 'New York Bakery Co.'],
    },
    {
      product: 'Jam Doughnuts',
      picture: 'doughnut',
      price: 100,
      sizes: 'pack4',
      makers: [own, 'Krispy Kreme'],
    },
    {
      product: 'Chocolate Cupcakes',
      picture: 'cupcake',
      price: 180,
      sizes: 'pack4',
      makers: [own, 'Cadbury'],
    },
    { product: 'Stonebaked Baguette', picture: 'baguette', price: 85, sizes: 'single', makers: [own, taste] },
  ],
  Drinks: [
    {
      product: 'Cola',
      picture: 'soft-drink',
      price: 140,
      sizes: 'drinkBottle',
      makers: ['Coca-Cola', 'Pepsi Max'],
    },
    {
      product: 'Orange Juice Smooth',
      picture: 'orange',
      price: 165,
      sizes: 'bottle',
      makers: ['Tropicana', own],
    },
    {
      product: 'Lager',
      picture: 'beer',
      price: 550,
      sizes: 'cans',
      makers: ['Stella Artois', 'Peroni Nastro Azzurro', 'Camden Hells'],
    },
    {
      product: 'Sauvignon Blanc',
      picture: 'wine',
      price: 900,
      sizes: 'wine',
      makers: ['Oyster Bay', 'Villa Maria', taste],
    },
    { product: 'Prosecco', picture: 'fizz', price: 850, sizes: 'wine', makers: ['Freixenet', 'Bottega'] },
    {
      product: 'London Dry Gin',
      picture: 'spirits',
      price: 1350,
      sizes: 'spirit',
      makers: ["Gordon's", 'Tanqueray', 'Bombay Sapphire'],
    },
    {
      product: 'Blended Scotch Whisky',
      picture: 'spirits',
      price: 1500,
      sizes: 'spirit',
      makers: ['Famous Grouse', 'Johnnie Walker Black Label'],
    },
    {
      product: 'Tea Bags',
      picture: 'tea',
      price: 175,
      sizes: 'tea',
      makers: ['PG Tips', 'Yorkshire Tea', 'Twinings'],
    },
    {
      product: 'Instant Coffee',
      picture: 'coffee',
      price: 300,
      sizes: 'jar',
      makers: ['Nescafé Gold Blend', 'Kenco Smooth'],
    },
  ],
  'Food cupboard': [
    {
      product: 'Penne Pasta',
      picture: 'pasta',
      price: 75,
      sizes: 'grams',
      makers: [own, 'Napolina', 'De Cecco'],
    },
    { product: 'Basmati Rice', picture: 'rice', price: 110, sizes: 'grams', makers: [own, 'Tilda'] },
    { product: 'Baked Beans', picture: 'tins', price: 90, sizes: 'tins', makers: ['Heinz', own] },
    { product: 'Corn Flakes', picture: 'cereal', price: 125, sizes: 'grams', makers: ["Kellogg's", own] },
    { product: 'Clear Honey', picture: 'honey', price: 225, sizes: 'jar', makers: ['Rowse', taste] },
    {
      product: 'Milk Chocolate Bar',
      picture: 'chocolate',
      price: 110,
      sizes: 'jar',
      makers: ['Cadbury Dairy Milk', 'Galaxy', "Green & Black's"],
    },
    {
      product: 'Chocolate Digestives',
      picture: 'biscuits',
      price: 99,
      sizes: 'grams',
      makers: ["McVitie's", own],
    },
  ],
  Frozen: [
    { product: 'Garden Peas', picture: 'peas', price: 120, sizes: 'frozenBag', makers: ['Birds Eye', own] },
    { product: 'Oven Chips', picture: 'chips', price: 150, sizes: 'frozenBag', makers: ['McCain', own] },
    {
      product: 'Stonebaked Margherita Pizza',
      picture: 'pizza',
      price: 200,
      sizes: 'single',
      makers: ['Chicago Town', "Goodfella's", own, 'Dr. Oetker Ristorante'],
    },
    {
      product: 'Vanilla Ice Cream',
      picture: 'ice-cream',
      price: 250,
      sizes: 'tub',
      makers: ["Ben & Jerry's", "Carte D'Or", 'Häagen-Dazs', own],
    },
    { product: 'Ice Cubes', picture: 'ice', price: 100, sizes: 'frozenBag', makers: [own] },
    {
      product: 'Cod Fish Fingers',
      picture: 'fish',
      price: 250,
      sizes: 'meal',
      makers: ['Birds Eye', "Young's", own],
    },
  ],
  'Fruit & vegetables': [
    { product: 'Fairtrade Bananas', picture: 'bananas', price: 20, sizes: 'loose', makers: [own] },
    { product: 'Braeburn Apples', picture: 'apple', price: 150, sizes: 'punnet', makers: [own, taste] },
    {
      product: 'British Strawberries',
      picture: 'strawberry',
      price: 200,
      sizes: 'punnet',
      makers: [own, taste],
    },
    { product: 'Seedless Red Grapes', picture: 'grapes', price: 175, sizes: 'punnet', makers: [own, taste] },
    { product: 'Vine Tomatoes', picture: 'tomato', price: 150, sizes: 'punnet', makers: [own, taste] },
    { product: 'Ripe & Ready Avocados', picture: 'avocado', price: 90, sizes: 'loose', makers: [own] },
    { product: 'Unwaxed Lemons', picture: 'lemon', price: 35, sizes: 'loose', makers: [own] },
    { product: 'Carrots', picture: 'carrot', price: 55, sizes: 'bag', makers: [own] },
    { product: 'Maris Piper Potatoes', picture: 'potato', price: 125, sizes: 'bag', makers: [own] },
    { product: 'Broccoli', picture: 'broccoli', price: 65, sizes: 'loose', makers: [own] },
    { product: 'Mixed Leaf Salad', picture: 'salad', price: 100, sizes: 'punnet', makers: [own, 'Florette'] },
  ],
  Household: [
    { product: 'Washing Up Liquid', picture: 'bubbles', price: 150, sizes: 'bottle', makers: ['Fairy', own] },
    {
      product: 'Non Bio Laundry Liquid',
      picture: 'bubbles',
      price: 500,
      sizes: 'washes',
      makers: ['Fairy', 'Persil', 'Surf'],
    },
    { product: 'Kitchen Roll', picture: 'kitchen-roll', price: 250, sizes: 'rolls', makers: ['Plenty', own] },
    {
      product: 'Toilet Tissue',
      picture: 'kitchen-roll',
      price: 300,
      sizes: 'rolls',
      makers: ['Andrex', 'Cushelle', own],
    },
    {
      product: 'Scourer Sponges',
      picture: 'sponge',
      price: 100,
      sizes: 'pack4',
      makers: ['Scotch-Brite', own],
    },
    {
      product: 'Antibacterial Hand Wash',
      picture: 'soap',
      price: 120,
      sizes: 'care',
      makers: ['Carex', 'Dettol'],
    },
    {
      product: 'Multi-Purpose Cleaner',
      picture: 'bucket',
      price: 180,
      sizes: 'bottle',
      makers: ['Flash', 'Method'],
    },
  ],
  'Meat & fish': [
    {
      product: 'British Chicken Breast Fillets',
      picture: 'chicken',
      price: 350,
      sizes: 'meatPack',
      makers: [own, taste],
    },
    {
      product: 'British Beef Steak Mince 5% Fat',
      picture: 'meat',
      price: 300,
      sizes: 'meatPack',
      makers: [own, taste],
    },
    {
      product: 'Smoked Back Bacon',
      picture: 'bacon',
      price: 250,
      sizes: 'meatPack',
      makers: [own, 'Danish Crown'],
    },
    {
      product: 'Scottish Salmon Fillets',
      picture: 'fish',
      price: 400,
      sizes: 'fishPack',
      makers: [own, taste],
    },
    { product: 'Cooked King Prawns', picture: 'prawns', price: 350, sizes: 'meatPack', makers: [own, taste] },
    {
      product: 'Free Range Large Eggs',
      picture: 'egg',
      price: 150,
      sizes: 'pack4',
      makers: [own, 'Happy Egg Co.'],
    },
  ],
  'On the go': [
    {
      product: 'Chicken & Bacon Sandwich',
      picture: 'sandwich',
      price: 300,
      sizes: 'single',
      makers: [own, taste],
    },
    { product: 'Egg Mayonnaise Sandwich', picture: 'sandwich', price: 220, sizes: 'single', makers: [own] },
    { product: 'Chicken Caesar Wrap', picture: 'wrap', price: 325, sizes: 'single', makers: [own, taste] },
    { product: 'Salmon Sushi Box', picture: 'sushi', price: 400, sizes: 'single', makers: [own, 'Itsu'] },
    {
      product: 'Sparkling Spring Water',
      picture: 'water',
      price: 70,
      sizes: 'drinkBottle',
      makers: ['Highland Spring', 'San Pellegrino', own],
    },
    {
      product: 'Apple Juice Carton',
      picture: 'juice',
      price: 80,
      sizes: 'pack4',
      makers: ['Capri-Sun', own],
    },
    {
      product: 'Sweet & Salty Popcorn',
      picture: 'popcorn',
      price: 125,
      sizes: 'single',
      makers: ['Propercorn', 'Butterkist'],
    },
  ],
  'Ready meals': [
    {
      product: 'Chicken Tikka Masala with Rice',
      picture: 'curry',
      price: 350,
      sizes: 'meal',
      makers: [own, taste],
    },
    {
      product: 'Beef Lasagne',
      picture: 'ready-meal',
      price: 350,
      sizes: 'meal',
      makers: [own, taste, "Charlie Bigham's"],
    },
    {
      product: 'Cottage Pie',
      picture: 'ready-meal',
      price: 300,
      sizes: 'meal',
      makers: [own, "Charlie Bigham's"],
    },
    {
      product: 'Chicken Chow Mein',
      picture: 'noodles',
      price: 325,
      sizes: 'meal',
      makers: [own, 'Wagamama'],
    },
    {
      product: 'Pepperoni Pizza',
      picture: 'pizza',
      price: 350,
      sizes: 'single',
      makers: [own, 'Pizza Express'],
    },
    {
      product: 'Thai Green Chicken Curry',
      picture: 'curry',
      price: 375,
      sizes: 'meal',
      makers: [own, taste],
    },
    {
      product: 'Macaroni Cheese',
      picture: 'ready-meal',
      price: 275,
      sizes: 'meal',
      makers: [own, "Charlie Bigham's"],
    },
  ],
  'Toiletries & health': [
    {
      product: 'Shampoo',
      picture: 'shampoo',
      price: 350,
      sizes: 'care',
      makers: ['Head & Shoulders', 'Pantene', 'Aussie'],
    },
    {
      product: 'Shower Gel',
      picture: 'soap',
      price: 200,
      sizes: 'care',
      makers: ['Radox', 'Dove', 'Original Source'],
    },
    {
      product: 'Electric Toothbrush Heads',
      picture: 'toothbrush',
      price: 1500,
      sizes: 'pack4',
      makers: ['Oral-B'],
    },
    {
      product: 'Fluoride Toothpaste 75ml',
      picture: 'toothbrush',
      price: 250,
      sizes: 'single',
      makers: ['Colgate', 'Sensodyne', 'Aquafresh'],
    },
    {
      product: 'Paracetamol Caplets',
      picture: 'medicine',
      price: 55,
      sizes: 'tablets',
      makers: [own, 'Panadol'],
    },
    {
      product: 'Fabric Plasters',
      picture: 'plasters',
      price: 250,
      sizes: 'single',
      makers: ['Elastoplast', own],
    },
    {
      product: 'Baby Wipes',
      picture: 'baby',
      price: 150,
      sizes: 'pack4',
      makers: ['Pampers', 'Huggies', own],
    },
  ],
};

/** A maker's price against the retailer's own label. */
const makerFactor = (maker: string, index: number) =>
  maker === own ? 1 : maker === taste ? 1.4 : 1.15 + index * 0.1;

const roundTo5 = (pence: number) => Math.max(5, Math.round(pence / 5) * 5);

/** A number in [0, 1) from a SKU: the same every start. */
const unitOf = (sku: string) => createHash('sha256').update(sku).digest().readUInt32BE(0) / 2 ** 32;

/**
 * Discounts range roughly 0.10 to 9.00 pounds (docs/product/signed-in-pages.md §S3): 10% to 35% off, in 5p
 * steps, within that.
 */
const DISCOUNT_RANGE = { min: 10, max: 900 } as const;
function discountFor(sku: string, basePrice: number) {
  const share = 0.1 + unitOf(sku) * 0.25;
  const discount = roundTo5(basePrice * share);
  return Math.min(DISCOUNT_RANGE.max, Math.max(DISCOUNT_RANGE.min, discount));
}

/** The product's image: its picture, as the offers draw it, at the smallest responsive width. */
const productImageUrl = (picture: string) =>
  `/offers-api/images/picture-${picture}/${OFFER_IMAGE_WIDTHS[0]}.svg`;

type NewMemberPrice = typeof memberPrices.$inferInsert;

/** Every row, in category order then product, maker and size (their `sortOrder`), prices in pence. */
export function memberPriceRows(): NewMemberPrice[] {
  const rows: NewMemberPrice[] = [];
  PRICE_CATEGORIES.forEach((category, categoryIndex) => {
    let serial = 0;
    for (const base of BASES[category]) {
      base.makers.forEach((maker, makerIndex) => {
        for (const [size, factor] of SIZES[base.sizes]) {
          serial += 1;
          const sku = `7${categoryIndex}${String(serial * 37 + 1000).padStart(5, '0')}`;
          const basePrice = roundTo5(base.price * factor * makerFactor(maker, makerIndex)) - 1;
          const discount = discountFor(sku, basePrice);
          rows.push({
            sku,
            productDescription: [maker, base.product, size].filter(Boolean).join(' '),
            productImage: productImageUrl(base.picture),
            category,
            basePricePence: basePrice,
            discountPence: discount,
            memberPricePence: basePrice - discount,
            normalPricePence: basePrice,
            sortOrder: rows.length,
          });
        }
      });
    }
  });
  return rows;
}

/** The rows as the price catalogue answers them. */
export const buildPriceCatalogue = (): PriceRow[] => memberPriceRows().map(toPriceRow);

/**
 * Puts the first member prices in place at start: the rows that are missing only, so a price changed in the
 * table stays as it was changed.
 */
export async function loadMemberPrices(db: Database) {
  await addMissingMemberPrices(db, memberPriceRows());
}
