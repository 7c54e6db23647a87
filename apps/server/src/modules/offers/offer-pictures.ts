import type { FluentEmojiName } from '../../lib/artwork/fluent-emoji.generated.ts';

/**
 * The pictures of offers: an illustration of the Fluent Emoji Flat set (MIT,
 * THIRD-PARTY-LICENCES.md) on a soft panel in its category's tint. An offer names its picture (the product it
 * is about); an offer without one gets its category's picture. Only the illustrations named here are extracted
 * from the set (`npm run artwork`), so neither the server bundle nor the browser carries the whole set.
 */
export interface OfferPicture {
  illustration: FluentEmojiName;
  /** The panel's colour, a light tint of the category's colour. */
  tint: string;
  /** Decorative shapes on the panel, a shade darker than the tint. */
  shade: string;
}

/** Panel colours by category family: light enough that the illustration carries the colour. */
const tints = {
  bakery: ['#fcefdc', '#f6dcb6'],
  dairy: ['#fff6d8', '#f8e4a4'],
  drinks: ['#e2f1fb', '#bfdff4'],
  cupboard: ['#fde8e1', '#f7c9ba'],
  frozen: ['#e3f4f8', '#bfe4ee'],
  fresh: ['#e6f4de', '#c6e5b5'],
  household: ['#eee8f9', '#d8ccf1'],
  meat: ['#fce7e7', '#f5c4c4'],
  meals: ['#fef0da', '#f8d9a7'],
  beauty: ['#fce6f1', '#f4c3dc'],
  baby: ['#e8effc', '#c8d8f6'],
  pets: ['#f4ece2', '#e5d2bd'],
  fuel: ['#fde6e3', '#f6c2bb'],
  travel: ['#e3edfb', '#bfd3f3'],
  books: ['#e4f3ec', '#bfe2d1'],
  fun: ['#efe7fb', '#d8c6f4'],
  general: ['#f5eef2', '#e6d4de'],
} as const satisfies Record<string, readonly [string, string]>;

const picture = (illustration: FluentEmojiName, family: keyof typeof tints): OfferPicture => {
  const [tint, shade] = tints[family];
  return { illustration, tint, shade };
};

/** Every picture an offer can name: the key is what the catalogue stores in `offers.picture`. */
export const OFFER_PICTURES = {
  bread: picture('bread', 'bakery'),
  croissant: picture('croissant', 'bakery'),
  cheese: picture('cheese-wedge', 'dairy'),
  water: picture('glass-of-milk', 'drinks'),
  'soft-drink': picture('cup-with-straw', 'drinks'),
  orange: picture('tangerine', 'drinks'),
  pasta: picture('spaghetti', 'cupboard'),
  cereal: picture('bowl-with-spoon', 'cupboard'),
  tins: picture('canned-food', 'cupboard'),
  peas: picture('pea-pod', 'frozen'),
  'ice-cream': picture('ice-cream', 'frozen'),
  ice: picture('ice', 'frozen'),
  bananas: picture('banana', 'fresh'),
  apple: picture('red-apple', 'fresh'),
  salad: picture('green-salad', 'fresh'),
  strawberry: picture('strawberry', 'fresh'),
  bubbles: picture('bubbles', 'household'),
  sponge: picture('sponge', 'household'),
  'kitchen-roll': picture('roll-of-paper', 'household'),
  fish: picture('fish', 'meat'),
  chicken: picture('poultry-leg', 'meat'),
  meat: picture('cut-of-meat', 'meat'),
  curry: picture('curry-rice', 'meals'),
  'ready-meal': picture('pot-of-food', 'meals'),
  shampoo: picture('lotion-bottle', 'beauty'),
  baby: picture('baby-bottle', 'baby'),
  dog: picture('dog-face', 'pets'),
  pets: picture('paw-prints', 'pets'),
  fuel: picture('fuel-pump', 'fuel'),
  flight: picture('airplane', 'travel'),
  hotel: picture('bellhop-bell', 'travel'),
  books: picture('books', 'books'),
  popcorn: picture('popcorn', 'fun'),
  cinema: picture('clapper-board', 'fun'),
  shopping: picture('shopping-cart', 'general'),
  bags: picture('shopping-bags', 'general'),
  // The member-price catalogue's products (ADR 038) draw from the same set.
  baguette: picture('baguette-bread', 'bakery'),
  bagel: picture('bagel', 'bakery'),
  cupcake: picture('cupcake', 'bakery'),
  doughnut: picture('doughnut', 'bakery'),
  egg: picture('egg', 'dairy'),
  butter: picture('butter', 'dairy'),
  wine: picture('wine-glass', 'drinks'),
  beer: picture('beer-mug', 'drinks'),
  spirits: picture('tumbler-glass', 'drinks'),
  fizz: picture('bottle-with-popping-cork', 'drinks'),
  tea: picture('teacup-without-handle', 'drinks'),
  coffee: picture('hot-beverage', 'drinks'),
  juice: picture('beverage-box', 'drinks'),
  rice: picture('cooked-rice', 'cupboard'),
  honey: picture('honey-pot', 'cupboard'),
  chocolate: picture('chocolate-bar', 'cupboard'),
  biscuits: picture('cookie', 'cupboard'),
  pizza: picture('pizza', 'frozen'),
  chips: picture('french-fries', 'frozen'),
  carrot: picture('carrot', 'fresh'),
  potato: picture('potato', 'fresh'),
  broccoli: picture('broccoli', 'fresh'),
  grapes: picture('grapes', 'fresh'),
  tomato: picture('tomato', 'fresh'),
  avocado: picture('avocado', 'fresh'),
  lemon: picture('lemon', 'fresh'),
  soap: picture('soap', 'household'),
  bucket: picture('bucket', 'household'),
  bacon: picture('bacon', 'meat'),
  prawns: picture('shrimp', 'meat'),
  sandwich: picture('sandwich', 'meals'),
  wrap: picture('stuffed-flatbread', 'meals'),
  sushi: picture('sushi', 'meals'),
  noodles: picture('steaming-bowl', 'meals'),
  toothbrush: picture('toothbrush', 'beauty'),
  plasters: picture('adhesive-bandage', 'beauty'),
  medicine: picture('pill', 'beauty'),
} as const satisfies Record<string, OfferPicture>;
export type OfferPictureKey = keyof typeof OFFER_PICTURES;

/** The picture of an offer that names none, by its category key; any other category gets shopping bags. */
const CATEGORY_PICTURES: Readonly<Record<string, OfferPictureKey>> = {
  bakery: 'bread',
  dairy: 'cheese',
  drinks: 'soft-drink',
  foodcupboard: 'tins',
  frozen: 'ice',
  'fruit&vegetables': 'apple',
  household: 'sponge',
  'meat&fish': 'meat',
  readymeals: 'ready-meal',
  'toiletries&health': 'shampoo',
  baby: 'baby',
  pets: 'pets',
  fuel: 'fuel',
  travel: 'flight',
  books: 'books',
  entertainment: 'cinema',
};

const isPictureKey = (key: string): key is OfferPictureKey => Object.hasOwn(OFFER_PICTURES, key);

/** The picture an offer shows: its own when it names a known one, otherwise its category's. */
export function offerPictureKey(offer: { picture: string | null; categoryKey: string }): OfferPictureKey {
  if (offer.picture && isPictureKey(offer.picture)) return offer.picture;
  return CATEGORY_PICTURES[offer.categoryKey] ?? 'bags';
}

export const offerPicture = (key: string): OfferPicture | undefined =>
  isPictureKey(key) ? OFFER_PICTURES[key] : undefined;
