/**
 * The password managers and platforms that say who they are (their AAGUID) when a passkey is made, named as
 * the community list of passkey providers names them (passkeydeveloper/passkey-authenticator-aaguids). A
 * new passkey is called by its provider's name until the member renames it; an authenticator that does not
 * say (all zeros, as most do without attestation) gets "Passkey".
 */
const PROVIDER_NAMES: Record<string, string> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'Apple Passwords',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
};

export const DEFAULT_PASSKEY_NAME = 'Passkey';

export const passkeyNameFor = (aaguid: string | undefined) =>
  (aaguid && PROVIDER_NAMES[aaguid.toLowerCase()]) || DEFAULT_PASSKEY_NAME;
