import { brand } from '@app/contracts/brand';
import type { OfferRule } from '@app/contracts/offer-rules';
import type { Database } from '../../db/database.ts';
import type { offers } from '../../db/schema/offers.ts';
import { OFFER_PARTNERS, addMissingOffers, type OfferPictureKey } from '../../modules/offers/service.ts';

type NewOffer = typeof offers.$inferInsert;

type ProductCategory = readonly [key: string, name: string];
const bakery: ProductCategory = ['bakery', 'Bakery'];
const drinks: ProductCategory = ['drinks', 'Drinks'];
const cupboard: ProductCategory = ['foodcupboard', 'Food cupboard'];
const frozen: ProductCategory = ['frozen', 'Frozen'];
const fresh: ProductCategory = ['fruit&vegetables', 'Fruit & vegetables'];
const household: ProductCategory = ['household', 'Household'];
const meatAndFish: ProductCategory = ['meat&fish', 'Meat & fish'];
const readyMeals: ProductCategory = ['readymeals', 'Ready meals'];

/** The products of the retailer's offers, each with its category and picture (offer-pictures.ts). */
const products: ReadonlyArray<readonly [name: string, category: ProductCategory, picture: OfferPictureKey]> =
  [
    ['sourdough loaves', bakery, 'bread'],
    ['sparkling water', drinks, 'water'],
    ['pasta and sauces', cupboard, 'pasta'],
    ['frozen peas', frozen, 'peas'],
    ['bananas and apples', fresh, 'bananas'],
    ['washing-up liquid', household, 'bubbles'],
    ['salmon fillets', meatAndFish, 'fish'],
    ['curry ready meals', readyMeals, 'curry'],
    ['croissants', bakery, 'croissant'],
    ['orange juice', drinks, 'orange'],
    ['breakfast cereal', cupboard, 'cereal'],
    ['ice cream tubs', frozen, 'ice-cream'],
    ['salad bags', fresh, 'salad'],
    ['kitchen roll', household, 'kitchen-roll'],
    ['chicken breasts', meatAndFish, 'chicken'],
  ];

/** Bonus offers in the aisles the products above leave out, one each. */
const moreProducts: ReadonlyArray<
  readonly [name: string, category: ProductCategory, picture: OfferPictureKey, points: number]
> = [
  ['mature Cheddar', ['dairy', 'Dairy & eggs'], 'cheese', 75],
  ['shampoo and conditioner', ['toiletries&health', 'Toiletries & health'], 'shampoo', 150],
  ['baby wipes and nappies', ['baby', 'Baby & toddler'], 'baby', 200],
  ['dog food', ['pets', 'Pets'], 'dog', 100],
];

/**
 * Partner offers: three different offers from each of five partners (their names in OFFER_PARTNERS), each
 * with the rule a partner's till pays it out on (@app/contracts/offer-rules) and the points it shows; the
 * travel partners' offers are paid by their own systems, so no till rule.
 */
const partners = [
  [
    'esso',
    'Fuel',
    'fuel',
    [
      [
        'Collect 100 extra points when you spend £40 or more on fuel.',
        100,
        { kind: 'threshold', category: 'fuel', minSpendPence: 4000, points: 100 },
      ],
      [
        'Collect double points on premium fuel this month.',
        null,
        { kind: 'multiplier', sku: 'premium-unleaded', multiplier: 2 },
      ],
      ['Collect 50 extra points on a car wash.', 50, { kind: 'product', sku: 'car-wash', points: 50 }],
    ],
  ],
  [
    'avios',
    'Travel',
    'flight',
    [
      ['Earn double points when you convert to Avios this month.', null, null],
      ['Collect 300 points when you book a city break.', 300, null],
      ['Collect 150 points on your first Avios conversion.', 150, null],
    ],
  ],
  [
    'hotels',
    'Travel',
    'hotel',
    [
      ['Collect 500 points on a stay of two nights or more.', 500, null],
      ['Collect 250 points on any weekend stay.', 250, null],
      ['Collect triple points on stays in December.', null, null],
    ],
  ],
  [
    'booknook',
    'Books',
    'books',
    [
      [
        'Collect 4 points per £1 on every book.',
        null,
        { kind: 'multiplier', category: 'books', multiplier: 2 },
      ],
      [
        "Collect 100 points when you spend £20 on children's books.",
        100,
        { kind: 'threshold', category: 'childrens-books', minSpendPence: 2000, points: 100 },
      ],
      [
        'Collect 200 points on a gift card of £25 or more.',
        200,
        { kind: 'threshold', sku: 'gift-card', minSpendPence: 2500, points: 200 },
      ],
    ],
  ],
  [
    'cinemacity',
    'Entertainment',
    'popcorn',
    [
      [
        'Collect 200 points with two cinema tickets.',
        200,
        { kind: 'product', sku: 'cinema-ticket', minQuantity: 2, points: 200 },
      ],
      [
        'Collect 100 points on a large popcorn and drink.',
        100,
        { kind: 'product', sku: 'popcorn-combo', points: 100 },
      ],
      ['Collect 300 points on a family ticket.', 300, { kind: 'product', sku: 'family-ticket', points: 300 }],
    ],
  ],
] as const satisfies ReadonlyArray<
  readonly [
    id: string,
    category: string,
    picture: OfferPictureKey,
    texts: ReadonlyArray<readonly [text: string, points: number | null, rule: OfferRule | null]>,
  ]
>;

/** A product's code at the till: its name in lower case with dashes ('salad bags' gives 'salad-bags'). */
const skuOf = (product: string) => product.toLowerCase().replace(/[^a-z0-9]+/g, '-');

const partnerNameOf = (id: string) => OFFER_PARTNERS.find((partner) => partner.id === id)?.name ?? id;

/** The item at `index` of a list, going round again past its end. */
const cycle = <T>(list: readonly T[], index: number) => list[index % list.length] as T;

const extraPoints = (points: number, product: string) =>
  `Collect ${points} extra ${brand.name} points when you buy ${product} at ${brand.retailer}.`;

/** An offer's how-to: its steps as a numbered list. */
const steps = (...lines: string[]) => `<ol>${lines.map((line) => `<li>${line}</li>`).join('')}</ol>`;

const TERMS =
  'Offer valid for the dates shown, once per card, in participating stores and online. ' +
  'Points are added within 48 hours. Full terms in the Collector Rules.';
const howToFood = (product: string) =>
  steps(
    'Save this offer to your card.',
    `Buy ${product} at ${brand.retailer} and scan your ${brand.name} card.`,
    'Your bonus points arrive within 48 hours.',
  );

/** Member prices are a lower price at the till, not bonus points (the member found '48 hours' misleading). */
const PRICE_TERMS =
  `${brand.name} Prices are for digitally registered members aged 18 or over, while stocks last, ` +
  `in participating ${brand.retailer} stores and online. ` +
  `The lower price applies at the till when you scan your ${brand.name} card. ` +
  'Full terms in the Collector Rules.';
const howToPrice = (product: string) =>
  steps(
    `Scan your ${brand.name} card, or your digital card, when you pay at ${brand.retailer}.`,
    `Buy ${product}.`,
    `You pay the ${brand.name} Price straight away: the saving shows on your receipt.`,
  );

const validFrom = new Date('2026-11-01T00:00:00Z');
const validTo = new Date('2027-01-31T23:59:59Z');

/**
 * The scheme's first offers: original offers we write ourselves, 34 personalised, 15 partner and 15
 * member-price offers, plus one expired and one locked offer so the refusals can be seen. Each names its
 * picture.
 */
export function offerCatalogue(): NewOffer[] {
  const list: NewOffer[] = [];
  for (let i = 0; i < 30; i++) {
    const [product, [key, name], picture] = cycle(products, i);
    const points = [50, 75, 100, 150, 200, 250][i % 6] ?? 100;
    const triple = i % 5 === 0 && i < products.length;
    list.push({
      id: `piano-${String(i + 1).padStart(3, '0')}`,
      sourceType: 'PIANO',
      type: triple ? 'POINTS_MULTIPLIER' : i % 7 === 0 ? 'BASKET' : 'PRODUCT',
      title: triple ? `Triple points on ${product}` : `${points} bonus points on ${product}`,
      description: triple
        ? `Collect triple ${brand.name} points when you buy ${product} at ${brand.retailer}.`
        : extraPoints(points, product),
      rule: triple
        ? { kind: 'multiplier', sku: skuOf(product), multiplier: 3 }
        : { kind: 'product', sku: skuOf(product), points },
      sponsorDisplayName: brand.retailer,
      howTo: howToFood(product),
      terms: TERMS,
      categoryKey: key,
      categoryName: name,
      picture,
      points: triple ? null : points,
      validFrom,
      validTo: i % 4 === 0 ? new Date('2026-12-06T23:59:59Z') : validTo,
    });
  }
  for (const [i, [product, [key, name], picture, points]] of moreProducts.entries()) {
    list.push({
      id: `piano-${String(31 + i).padStart(3, '0')}`,
      sourceType: 'PIANO',
      type: 'PRODUCT',
      title: `${points} bonus points on ${product}`,
      description: extraPoints(points, product),
      rule: { kind: 'product', sku: skuOf(product), points },
      sponsorDisplayName: brand.retailer,
      howTo: howToFood(product),
      terms: TERMS,
      categoryKey: key,
      categoryName: name,
      picture,
      points,
      validFrom,
      validTo,
    });
  }
  for (let i = 0; i < 15; i++) {
    const [partnerId, category, picture, texts] = cycle(partners, i);
    const partnerName = partnerNameOf(partnerId);
    const [text, points, rule] = texts[Math.floor(i / partners.length)] ?? texts[0];
    list.push({
      id: `coalition-${String(i + 1).padStart(3, '0')}`,
      sourceType: 'COALITION',
      type: i % 3 === 0 ? 'OPTIN_VISIT_WEBSITE' : i % 3 === 1 ? 'OPTIN' : 'ONLINE',
      title: `${partnerName}: ${text.replace(/\.$/, '')}`,
      description: text,
      sponsorDisplayName: partnerName,
      howTo: steps(
        'Opt in to this offer.',
        `Use your ${brand.name} card with ${partnerName}.`,
        'Your points arrive within 48 hours.',
      ),
      terms: TERMS,
      categoryKey: category.toLowerCase(),
      categoryName: category,
      picture,
      partnerId,
      points,
      rule,
      validFrom,
      validTo,
    });
  }
  for (let i = 0; i < 15; i++) {
    const [product, [key, name], picture] = cycle(products, i + 3);
    const now = (1.5 + i * 0.25).toFixed(2);
    const was = (2 + i * 0.35).toFixed(2);
    list.push({
      id: `price-${String(i + 1).padStart(3, '0')}`,
      sourceType: 'NECTAR_PRICE',
      type: 'PROMO',
      title: `£${now} ${brand.name} Price on ${product}`,
      description: `Your ${brand.name} Price: £${now} instead of £${was}.`,
      sponsorDisplayName: brand.retailer,
      howTo: howToPrice(product),
      terms: PRICE_TERMS,
      categoryKey: key,
      categoryName: name,
      picture,
      points: null,
      validFrom,
      validTo,
    });
  }
  list.push(
    {
      id: 'piano-expired',
      sourceType: 'PIANO',
      type: 'PRODUCT',
      title: '100 bonus points on summer fruit',
      description: 'This offer has ended.',
      sponsorDisplayName: brand.retailer,
      howTo: howToFood('summer fruit'),
      terms: TERMS,
      categoryKey: 'fruit&vegetables',
      categoryName: 'Fruit & vegetables',
      picture: 'strawberry',
      points: 100,
      rule: { kind: 'product', sku: 'summer-fruit', points: 100 },
      validFrom: new Date('2026-06-01T00:00:00Z'),
      validTo: new Date('2026-08-31T23:59:59Z'),
    },
    {
      id: 'piano-locked',
      sourceType: 'PIANO',
      type: 'PRODUCT',
      title: '300 bonus points on your next big shop',
      description: 'Unlocks when you shop three weeks in a row.',
      sponsorDisplayName: brand.retailer,
      howTo: howToFood('your weekly shop'),
      terms: TERMS,
      categoryKey: 'household',
      categoryName: 'Household',
      picture: 'shopping',
      points: 300,
      rule: { kind: 'threshold', minSpendPence: 5000, points: 300 },
      locked: true,
      validFrom,
      validTo,
    },
  );
  return list;
}

/**
 * Puts the scheme's first offers in place at start, approved for everyone (the columns' defaults): the rows
 * that are missing only, so an offer a marketer changed in the console stays as they left it.
 */
export async function loadOfferCatalogue(db: Database) {
  await addMissingOffers(db, offerCatalogue());
}
