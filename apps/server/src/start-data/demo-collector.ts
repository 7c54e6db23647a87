/** The seeded demo collector (docs/architecture.md "Platform contracts"; README "Demo account"). */
export const demoCollector = {
  cardNumber: '9826300012345678901',
  email: 'demo@example.com',
  password: 'Nectar-demo-2026',
  title: 'Mx',
  firstName: 'Alex',
  lastName: 'Morgan',
  dateOfBirth: '1988-04-12',
  phoneCountryCode: '+44',
  phoneNumber: '7700900123',
  memorableName: 'Biscuit',
} as const;
