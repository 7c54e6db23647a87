import { brand } from '@app/contracts/brand';
import {
  accountMessages,
  addressText,
  maskAddress,
  type Customer,
  type UpdateName,
} from '@app/contracts/account';
import { registrationMessages, type Address } from '@app/contracts/registration';
import { recordAccountEvent } from '../../lib/account-log.ts';
import { isKnownAddress } from '../../lib/address-book.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskPhone } from '../../lib/one-time-codes.ts';
import { notFound, sign, type AccountDeps, type Req } from './deps.ts';
import * as repo from './repository.ts';

const normalised = (address: Address) =>
  [...address.lines, address.postcode]
    .map((part) => part.trim().replace(/\s+/g, ' ').toUpperCase())
    .join('|');

/** Whether two addresses are the same one, whatever their spacing and case. */
const sameAddress = (a: Address, b: Address) => normalised(a) === normalised(b);

/** The member's details as the account pages show them (customer-management answers them too). */
export function createCustomerService(deps: Pick<AccountDeps, 'db' | 'clock'>) {
  async function getCustomer(collectorId: string): Promise<Customer> {
    const row = await repo.findCustomer(deps.db, collectorId, deps.clock.now());
    if (!row) throw notFound();
    const mobile =
      row.phoneNumber && row.phoneCountryCode
        ? {
            countryCode: row.phoneCountryCode,
            phoneNumber: row.phoneNumber,
            masked: maskPhone(`${row.phoneCountryCode}${row.phoneNumber}`),
          }
        : null;
    return {
      firstName: row.firstName ?? '',
      lastName: row.lastName ?? '',
      title: row.title,
      email: row.email,
      cardNumber: row.cardNumber,
      externalHandle: row.cardNumber ? `c-${row.cardNumber.slice(-6)}` : `c-${row.id.slice(0, 8)}`,
      dateOfBirth: row.dateOfBirth,
      mobile,
      address: row.address ?? null,
      pendingEmail: row.pendingEmail,
    };
  }
  return { getCustomer };
}

/** The member's details: name, address, the details we do not hold yet, and the collector hash. */
export function createProfile(deps: Pick<AccountDeps, 'db' | 'addresses' | 'linkKey' | 'clock' | 'notify'>) {
  const { db } = deps;
  const { getCustomer } = createCustomerService(deps);

  async function updateName(req: Req, collectorId: string, name: UpdateName) {
    await repo.updateName(db, collectorId, name, deps.clock.now());
    await recordAccountEvent(db, req, collectorId, 'name-changed');
    return getCustomer(collectorId);
  }

  async function lookupAddresses(building: string, postcode: string) {
    const addresses = await deps.addresses.find(postcode, building);
    if (addresses.length === 0) {
      throw new AppError(404, 'NO_ADDRESSES', registrationMessages.noAddresses);
    }
    return { addresses };
  }

  /**
   * PUT customer-address (docs/product/calls-and-errors.md §S7.4): only an address the lookup gives can be
   * stored, as in registration. A new address is written, logged and told to the member's email (masked), so
   * a change they did not make does not go unnoticed. The same address again is the silent double-up update
   * (ADR 037): a second save of the address held (a double submit, a retry after a lost answer, re-confirming
   * it) answers as the first did and changes, logs and sends nothing.
   */
  async function updateAddress(req: Req, collectorId: string, address: Address) {
    if (!(await isKnownAddress(deps.addresses, address))) {
      throw new AppError(400, 'ADDRESS_NOT_FOUND', accountMessages.addressNotFound);
    }
    const before = await getCustomer(collectorId);
    if (before.address && sameAddress(before.address, address)) return before;
    await repo.replaceAddress(db, collectorId, address);
    await recordAccountEvent(db, req, collectorId, 'address-changed');
    if (before.email) {
      await deps.notify.send({
        channel: 'email',
        to: before.email,
        subject: `Your ${brand.name} address has changed`,
        text: `Hello ${before.firstName},\n\nThe address of your ${brand.name} account was changed to ${addressText(maskAddress(address))}. If you didn't do this, call us on ${brand.careline.phone} and change your password.`,
      });
    }
    return getCustomer(collectorId);
  }

  async function missingInformation(collectorId: string) {
    const customer = await getCustomer(collectorId);
    const missing: ('dateOfBirth' | 'mobile' | 'address')[] = [];
    if (!customer.dateOfBirth) missing.push('dateOfBirth');
    if (!customer.mobile) missing.push('mobile');
    if (!customer.address) missing.push('address');
    return { missing };
  }

  /** POST /missing-information: fills a date of birth we do not hold; one already held is never overwritten. */
  async function addMissingInformation(req: Req, collectorId: string, input: { dateOfBirth: string }) {
    const customer = await getCustomer(collectorId);
    if (customer.dateOfBirth) throw new AppError(409, 'ALREADY_HELD', accountMessages.dateOfBirthHeld);
    const [dd, mm, yyyy] = input.dateOfBirth.split(/[/-]/);
    await repo.updateDateOfBirth(db, collectorId, `${yyyy}-${mm}-${dd}`, deps.clock.now());
    await recordAccountEvent(db, req, collectorId, 'details-added', { field: 'dateOfBirth' });
    return missingInformation(collectorId);
  }

  /** GET /collector-hash[?org=]: a stable pseudonymous id for analytics or a partner organisation. */
  const collectorHash = (collectorId: string, org: string | undefined) => ({
    hashID: sign(deps.linkKey, `collector-hash:${org ?? ''}:${collectorId}`),
  });

  return {
    getCustomer,
    updateName,
    lookupAddresses,
    updateAddress,
    missingInformation,
    addMissingInformation,
    collectorHash,
  };
}
