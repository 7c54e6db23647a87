/**
 * The bundled catalogue of member prices versus normal prices for groceries (signed-in spec 1 and
 * 3, "Price catalogue row"). We keep prices in pence so the arithmetic is exact; the pound
 * strings the spec shows (£0.90) are made by `formatPounds` when a price is displayed.
 */

/** The categories the spec has seen, in the order the category radio group lists them. */
export const priceCategories = [
  'Bakery',
  'Drinks',
  'Food cupboard',
  'Frozen',
  'Fruit & vegetables',
  'Household',
  'Meat & fish',
  'On the go',
  'Ready meals',
  'Toiletries & health',
] as const;

export type PriceCategoryName = (typeof priceCategories)[number];

export interface PriceCatalogueRow {
  /** SKU Num. */
  sku: string;
  /** Product description. */
  description: string;
  category: PriceCategoryName;
  /** BASE PRICE, the normal (Non-Nectar) price, in pence. */
  basePrice: number;
  /** DISCOUNT, in pence. */
  discount: number;
}

export interface PriceCategory {
  key: string;
  name: PriceCategoryName;
}

/** The lowercased category name with whitespace removed (signed-in spec 3, "Category"). */
export const priceCategoryKey = (name: string) => name.toLowerCase().replace(/\s+/g, '');

/** The member price equals base price minus discount (signed-in spec 3, "Price catalogue row"). */
export const memberPrice = (row: Pick<PriceCatalogueRow, 'basePrice' | 'discount'>) =>
  row.basePrice - row.discount;

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** A price in pence as the pound string the spec shows, such as £0.90. */
export const formatPounds = (pence: number) => pounds.format(pence / 100);

/** The distinct categories of some rows, as the radio group's options want them (signed-in spec 2.6). */
export const priceCategoriesOf = (rows: readonly Pick<PriceCatalogueRow, 'category'>[]): PriceCategory[] =>
  priceCategories
    .filter((name) => rows.some((row) => row.category === name))
    .map((name) => ({ key: priceCategoryKey(name), name }));

type Row = [sku: string, description: string, basePrice: number, discount: number];

/** Our own catalogue, a few products a category: SKU, description, base price and discount in pence. */
const rowsByCategory: Record<PriceCategoryName, Row[]> = {
  Bakery: [
    ['7654201', 'Toastie Thick Sliced White Bread 800g', 145, 30],
    ['7654218', 'Wholemeal Medium Sliced Bread 800g', 150, 35],
    ['7654225', 'All Butter Croissants x4', 175, 50],
    ['7654232', 'Crumpets x6', 110, 25],
  ],
  Drinks: [
    ['7712045', 'Coca-Cola Original Taste 2L', 225, 50],
    ['7712052', 'Tropicana Smooth Orange Juice 950ml', 300, 75],
    ['7712069', 'Yorkshire Tea 80 Tea Bags 250g', 350, 100],
    ['7712076', 'Hardys Stamp Chardonnay 75cl', 750, 150],
    ['7712083', 'Stella Artois Lager 12 x 440ml', 1400, 300],
  ],
  'Food cupboard': [
    ['7801123', 'Heinz Baked Beans in Tomato Sauce 415g', 120, 30],
    ['7801130', "Kellogg's Corn Flakes 500g", 225, 75],
    ['7801147', 'Nescafé Gold Blend Instant Coffee 200g', 700, 200],
    ['7801154', 'Napolina Penne Pasta 500g', 110, 20],
    ['7801161', "Hellmann's Real Mayonnaise 400g", 250, 60],
  ],
  Frozen: [
    ['7923308', 'Birds Eye 20 Fish Fingers 560g', 375, 100],
    ['7923315', 'McCain Home Chips Straight Cut 1.5kg', 300, 75],
    ['7923322', "Ben & Jerry's Cookie Dough Ice Cream 465ml", 500, 150],
    ['7923339', "Goodfella's Stonebaked Pepperoni Pizza 332g", 300, 100],
  ],
  'Fruit & vegetables': [
    ['7030417', 'Bananas x5', 95, 10],
    ['7030424', 'Sweet Vine Tomatoes 250g', 140, 50],
    ['7030431', 'Baby Spinach 240g', 150, 40],
    ['7030448', 'British Braeburn Apples x6', 180, 40],
    ['7030455', 'Ripe & Ready Avocados x2', 200, 50],
  ],
  Household: [
    ['7145502', 'Fairy Original Washing Up Liquid 820ml', 250, 60],
    ['7145519', 'Andrex Classic Clean Toilet Tissue 9 Rolls', 600, 150],
    ['7145526', 'Persil Bio Laundry Liquid 38 Washes 1.33L', 950, 400],
    ['7145533', 'Finish Quantum Dishwasher Tablets x40', 1300, 500],
  ],
  'Meat & fish': [
    ['7268604', 'British Chicken Breast Fillets 640g', 450, 100],
    ['7268611', 'Richmond 8 Thick Pork Sausages 410g', 250, 50],
    ['7268628', 'Scottish Salmon Fillets x2 240g', 450, 125],
    ['7268635', 'British Beef Steak Mince 5% Fat 500g', 375, 75],
  ],
  'On the go': [
    ['7377706', 'Chicken & Bacon Sandwich', 300, 50],
    ['7377713', 'Cadbury Dairy Milk Chocolate Bar 45g', 75, 15],
    ['7377720', 'Innocent Orange Juice 330ml', 200, 40],
    ['7377737', 'Walkers Ready Salted Crisps 45g', 85, 15],
    ['7377744', 'Nakd Cocoa Orange Bar 35g', 80, 20],
  ],
  'Ready meals': [
    ['7489801', 'Beef Lasagne 400g', 400, 100],
    ['7489818', "Charlie Bigham's Chicken Tikka Masala 403g", 575, 125],
    ['7489825', 'Chicken Korma & Pilau Rice 450g', 300, 75],
    ['7489832', 'Cottage Pie 400g', 250, 50],
  ],
  'Toiletries & health': [
    ['7590907', 'Colgate Total Original Toothpaste 75ml', 300, 100],
    ['7590914', 'Dove Original Beauty Cream Bar 2 x 90g', 150, 30],
    ['7590921', 'Nurofen Express 200mg Liquid Capsules x16', 375, 75],
    ['7590938', 'Head & Shoulders Classic Clean Shampoo 400ml', 450, 150],
    ['7590945', 'Gillette Fusion5 Razor Blades x8', 1800, 900],
  ],
};

export const priceCatalogue: readonly PriceCatalogueRow[] = priceCategories.flatMap((category) =>
  rowsByCategory[category].map(([sku, description, basePrice, discount]) => ({
    sku,
    description,
    category,
    basePrice,
    discount,
  })),
);
