import { toNormalised } from 'postcode';
import type { Address } from '@app/contracts/registration';

/**
 * Address find behind an interface. The default provider answers from a bundled set of
 * generated addresses for a few dozen postcodes (listed in the README); another provider can be plugged in.
 */
export interface AddressProvider {
  /** Addresses at `postcode`, narrowed to `property` when some match it. */
  find(postcode: string, property: string): Promise<Address[]>;
}

interface PostcodeArea {
  postcode: string;
  street: string;
  town: string;
  /** House numbers on this postcode; a name instead for a single named building. */
  numbers: number[] | string;
}

/** Generated streets; `SW1A 1AA` has exactly one address and `M1 1AE` has several. */
const AREAS: PostcodeArea[] = [
  { postcode: 'SW1A 1AA', street: 'The Mall', town: 'London', numbers: 'Buckingham Palace' },
  { postcode: 'M1 1AE', street: 'Piccadilly', town: 'Manchester', numbers: [1, 2, 3, 4, 5, 6, 7, 8] },
  { postcode: 'EC1A 1BB', street: 'King Edward Street', town: 'London', numbers: [10, 12, 14, 16] },
  { postcode: 'W1A 0AX', street: 'Portland Place', town: 'London', numbers: 'Broadcasting House' },
  { postcode: 'B33 8TH', street: 'Stechford Road', town: 'Birmingham', numbers: [21, 23, 25] },
  { postcode: 'CR2 6XH', street: 'Selsdon Park Road', town: 'South Croydon', numbers: [3, 5, 7, 9, 11] },
  { postcode: 'DN55 1PT', street: 'Thorne Road', town: 'Doncaster', numbers: [40, 42] },
  { postcode: 'LS1 4AP', street: 'Park Row', town: 'Leeds', numbers: [1, 2, 3, 4] },
  { postcode: 'G1 1XQ', street: 'George Square', town: 'Glasgow', numbers: [80, 81, 82] },
  { postcode: 'EH1 1YZ', street: 'High Street', town: 'Edinburgh', numbers: [101, 103, 105, 107] },
  { postcode: 'CF10 1EP', street: 'Queen Street', town: 'Cardiff', numbers: [5, 6, 7] },
  { postcode: 'BT1 5GS', street: 'Donegall Square', town: 'Belfast', numbers: [1, 2] },
  { postcode: 'L1 8JQ', street: 'Bold Street', town: 'Liverpool', numbers: [12, 14, 16, 18, 20] },
  { postcode: 'BS1 4DJ', street: 'Corn Street', town: 'Bristol', numbers: [30, 32, 34] },
  { postcode: 'NE1 7RU', street: 'Grey Street', town: 'Newcastle upon Tyne', numbers: [61, 63, 65] },
  { postcode: 'NG1 2BY', street: 'Long Row', town: 'Nottingham', numbers: [2, 4, 6, 8] },
  { postcode: 'S1 2HE', street: 'Fargate', town: 'Sheffield', numbers: [11, 13] },
  { postcode: 'OX1 3BG', street: 'Broad Street', town: 'Oxford', numbers: [45, 46, 47, 48] },
  { postcode: 'CB2 1TN', street: 'Trinity Street', town: 'Cambridge', numbers: [9, 10, 11] },
  { postcode: 'BN1 1AE', street: 'North Street', town: 'Brighton', numbers: [70, 72, 74] },
  { postcode: 'YO1 7HH', street: 'Stonegate', town: 'York', numbers: [19, 21, 23, 25] },
  { postcode: 'PL1 2AA', street: 'Armada Way', town: 'Plymouth', numbers: 'Civic Centre' },
  { postcode: 'SO14 7DU', street: 'Above Bar Street', town: 'Southampton', numbers: [100, 102] },
  { postcode: 'LE1 5FQ', street: 'Granby Street', town: 'Leicester', numbers: [1, 3, 5, 7, 9, 11] },
  { postcode: 'AB10 1AF', street: 'Union Street', town: 'Aberdeen', numbers: [200, 202] },
  { postcode: 'IV1 1JN', street: 'Church Street', town: 'Inverness', numbers: [15, 17, 19] },
  { postcode: 'EX1 1HB', street: 'High Street', town: 'Exeter', numbers: [222, 224] },
  { postcode: 'NR2 1NH', street: 'London Street', town: 'Norwich', numbers: [4, 6, 8, 10] },
  { postcode: 'TR1 2HE', street: 'Boscawen Street', town: 'Truro', numbers: [1, 2, 3] },
  { postcode: 'SA1 3LS', street: 'Kingsway', town: 'Swansea', numbers: [50, 52, 54] },
  { postcode: 'DH1 3NJ', street: 'Saddler Street', town: 'Durham', numbers: [33, 35] },
  { postcode: 'CT1 2EH', street: 'Mercery Lane', town: 'Canterbury', numbers: [7, 8, 9, 10, 11] },
];

const BUNDLED: ReadonlyMap<string, Address[]> = new Map(
  AREAS.map((area) => [
    area.postcode,
    typeof area.numbers === 'string'
      ? [{ lines: [area.numbers, area.street, area.town], postcode: area.postcode }]
      : area.numbers.map((n) => ({ lines: [`${n} ${area.street}`, area.town], postcode: area.postcode })),
  ]),
);

export const bundledAddressProvider: AddressProvider = {
  async find(postcode, property) {
    const all = BUNDLED.get(toNormalised(postcode) ?? postcode) ?? [];
    const wanted = property.trim().toLowerCase();
    const matching = all.filter((address) => {
      const first = (address.lines[0] ?? '').toLowerCase();
      return first === wanted || first.startsWith(`${wanted} `);
    });
    return matching.length > 0 ? matching : all;
  },
};

/** Whether `address` is one the provider gives for its postcode (a step stores only a found address). */
export async function isKnownAddress(provider: AddressProvider, address: Address): Promise<boolean> {
  const found = await provider.find(address.postcode, '');
  return found.some((candidate) => candidate.lines.join('\n') === address.lines.join('\n'));
}

const ADDRESS_LOOKUP_TIMEOUT_MS = 5000;

/**
 * A real postcode-address service (ADDRESS_LOOKUP_URL): GET {url}?postcode=&property= answering
 * `{addresses: [{lines: string[], postcode}]}`. Anything else is a server error for the caller.
 */
export function httpAddressProvider(url: string): AddressProvider {
  return {
    async find(postcode, property) {
      const target = new URL(url);
      target.searchParams.set('postcode', postcode);
      target.searchParams.set('property', property);
      const response = await fetch(target, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(ADDRESS_LOOKUP_TIMEOUT_MS),
      });
      if (response.status === 404) return [];
      if (!response.ok) throw new Error(`address service answered ${response.status}`);
      const body = (await response.json()) as { addresses?: unknown };
      if (!Array.isArray(body.addresses)) throw new Error('address service answered no address list');
      return body.addresses
        .filter(
          (a): a is Address =>
            typeof a === 'object' &&
            a !== null &&
            Array.isArray((a as Address).lines) &&
            (a as Address).lines.every((line) => typeof line === 'string') &&
            typeof (a as Address).postcode === 'string',
        )
        .map((a) => ({ lines: a.lines.slice(0, 6), postcode: a.postcode }));
    },
  };
}
