/**
 * What the retailer's sandbox till sells: the products the scheme's first bonus offers name, with the codes
 * their rules pay out on (a product's name in lower case with dashes), so a test basket can earn them.
 */
export const retailerProducts = (): Array<{ sku: string; name: string; category: string }> => [
  { sku: 'sourdough-loaves', name: 'Sourdough loaves', category: 'bakery' },
  { sku: 'sparkling-water', name: 'Sparkling water', category: 'drinks' },
  { sku: 'pasta-and-sauces', name: 'Pasta and sauces', category: 'foodcupboard' },
  { sku: 'frozen-peas', name: 'Frozen peas', category: 'frozen' },
  { sku: 'bananas-and-apples', name: 'Bananas and apples', category: 'fruit&vegetables' },
  { sku: 'washing-up-liquid', name: 'Washing-up liquid', category: 'household' },
  { sku: 'salmon-fillets', name: 'Salmon fillets', category: 'meat&fish' },
  { sku: 'curry-ready-meals', name: 'Curry ready meals', category: 'readymeals' },
  { sku: 'croissants', name: 'Croissants', category: 'bakery' },
  { sku: 'orange-juice', name: 'Orange juice', category: 'drinks' },
  { sku: 'breakfast-cereal', name: 'Breakfast cereal', category: 'foodcupboard' },
  { sku: 'ice-cream-tubs', name: 'Ice cream tubs', category: 'frozen' },
  { sku: 'salad-bags', name: 'Salad bags', category: 'fruit&vegetables' },
  { sku: 'kitchen-roll', name: 'Kitchen roll', category: 'household' },
  { sku: 'chicken-breasts', name: 'Chicken breasts', category: 'meat&fish' },
  { sku: 'mature-cheddar', name: 'Mature Cheddar', category: 'dairy' },
  { sku: 'shampoo-and-conditioner', name: 'Shampoo and conditioner', category: 'toiletries&health' },
  { sku: 'baby-wipes-and-nappies', name: 'Baby wipes and nappies', category: 'baby' },
  { sku: 'dog-food', name: 'Dog food', category: 'pets' },
];
