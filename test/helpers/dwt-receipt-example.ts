/**
 * A receipt DWT accepts without warnings: one non-hazardous load of mixed municipal waste (20 03 01)
 * carried by road and sent for recovery (R3). A fresh object each call, so a test may change it freely.
 */
export function exampleReceipt(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiCode: '6f0b7a5e-3c1d-4e8a-9b2f-1a2b3c4d5e6f',
    dateTimeReceived: '2026-11-02T09:30:00.000Z',
    yourUniqueReference: 'WTN-2026-000123',
    carrier: {
      registrationNumber: 'CBDU123456',
      organisationName: 'Example Haulage Ltd',
      address: { fullAddress: '1 Depot Road, Leeds', postcode: 'LS1 4AP' },
      emailAddress: 'ops@example-haulage.co.uk',
      phoneNumber: '0113 496 0000',
      vehicleRegistration: 'YX24 ABC',
      meansOfTransport: 'Road',
    },
    receiver: {
      siteName: 'Example Materials Recovery Facility',
      authorisationNumber: 'EPR/AB1234CD',
    },
    receipt: {
      address: { fullAddress: '2 Recycling Way, Wakefield', postcode: 'WF1 2AB' },
    },
    wasteItems: [
      {
        ewcCodes: ['200301'],
        wasteDescription: 'Mixed municipal waste from offices',
        physicalForm: 'Mixed',
        numberOfContainers: 1,
        typeOfContainers: 'SKI',
        weight: { metric: 'Tonnes', amount: 2.4, isEstimate: false },
        containsPops: false,
        containsHazardous: false,
        disposalOrRecoveryCodes: [
          { code: 'R3', weight: { metric: 'Tonnes', amount: 2.4, isEstimate: false } },
        ],
      },
    ],
    ...overrides,
  };
}
