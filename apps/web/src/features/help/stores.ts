import { brand } from '@app/contracts/brand';

/**
 * A place that takes the digital card: today the retailer and the fuel partner
 * (docs/product/signed-in-pages.md §S2.6 footnote).
 */
export interface Store {
  name: string;
  partner: string;
  address: string;
  postcode: string;
  /** Postcode area (the letters before the first digit), for the area filter. */
  area: string;
}

const place = (partner: string, name: string, address: string, postcode: string): Store => ({
  name,
  partner,
  address,
  postcode,
  area: /^[A-Z]+/.exec(postcode)?.[0] ?? '',
});

const R = brand.retailer;
const F = brand.fuelPartner;

/** A bundled sample of stores (the real store finder's data is not ours to ship); see ADR 015. */
export const STORES: readonly Store[] = [
  place(R, `${R} Holborn Circus`, '1 Holborn Circus, London', 'EC1N 2HB'),
  place(R, `${R} Victoria Station`, 'Victoria Street, London', 'SW1E 5ND'),
  place(F, `${F} Vauxhall`, 'Wandsworth Road, London', 'SW8 2LF'),
  place(R, `${R} Manchester Piccadilly`, 'Piccadilly Gardens, Manchester', 'M1 1RG'),
  place(F, `${F} Hyde Road`, 'Hyde Road, Manchester', 'M12 5AS'),
  place(R, `${R} Birmingham Selly Oak`, 'Bristol Road, Birmingham', 'B29 6SN'),
  place(R, `${R} Leeds Moor Allerton`, 'King Lane, Leeds', 'LS17 5NY'),
  place(F, `${F} Leeds Road`, 'Leeds Road, Bradford', 'BD3 9LH'),
  place(R, `${R} Glasgow Darnley`, 'Nitshill Road, Glasgow', 'G53 7RE'),
  place(R, `${R} Edinburgh Cameron Toll`, 'Lady Road, Edinburgh', 'EH16 5PB'),
  place(R, `${R} Cardiff Bay`, 'Hemingway Road, Cardiff', 'CF10 4JY'),
  place(F, `${F} Newport Road`, 'Newport Road, Cardiff', 'CF24 1RD'),
  place(R, `${R} Bristol Castle Court`, 'Castle Court, Bristol', 'BS4 5NX'),
  place(R, `${R} Oxford Heyford Hill`, 'Heyford Hill Lane, Oxford', 'OX4 4YR'),
  place(R, `${R} Cambridge Coldhams Lane`, 'Coldhams Lane, Cambridge', 'CB1 3JU'),
  place(F, `${F} Brighton Road`, 'Brighton Road, Crawley', 'RH10 6AE'),
  place(R, `${R} Newcastle Heaton`, 'Newton Road, Newcastle', 'NE7 7HN'),
  place(R, `${R} Belfast Forestside`, 'Upper Galwally, Belfast', 'BT8 6FX'),
];
