/**
 * One brand configuration (DESIGN.md 1): the scheme's name, slug, partners and hosts. The same code can run
 * another scheme by swapping this object.
 */
export interface Brand {
  /** The scheme's display name, used wherever the spec writes [the scheme]. */
  name: string;
  /** Lower-case slug used in paths such as /{slug}-brands-api and /your-{slug}-prices. */
  slug: string;
  retailer: string;
  fuelPartner: string;
  airlinePartner: string;
  hotelPartner: string;
  careline: { phone: string; hours: string };
  /** Fixed prefix printed before the 11 digits a member types (spec 5, 9). */
  cardPrefix: string;
  /** Hosts by environment; the environment is derived from the host name (signed-in spec 9). */
  hosts: { production: string[]; preProduction: string[] };
  /** Hosts that redirect targets may point at (spec 5: allow-list of hosts). */
  redirectAllowList: string[];
}

export const brand: Brand = {
  name: 'Nectar',
  slug: 'nectar',
  retailer: "Sainsbury's",
  fuelPartner: 'Esso',
  airlinePartner: 'British Airways Avios',
  hotelPartner: 'Hotels.com',
  careline: { phone: '0300 061 7000', hours: 'Monday to Friday, 8am to 8pm' },
  cardPrefix: '98263000',
  hosts: {
    production: ['www.nectar.com', 'nectar.com', 'id.nectar.com'],
    preProduction: ['stg.nectar.com', 'uat.nectar.com', 'id-stg.nectar.com'],
  },
  redirectAllowList: ['localhost', 'www.nectar.com', 'nectar.com', 'id.nectar.com'],
};
