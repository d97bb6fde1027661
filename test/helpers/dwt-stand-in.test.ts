import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { exampleReceipt } from './dwt-receipt-example.ts';
import { type DwtStandIn, startDwtStandIn } from './dwt-stand-in.ts';

// What a DWT client sees of the stand-in: its answers over HTTP, and what it kept.

let now = Date.parse('2026-11-02T10:00:00Z');
let dwt: DwtStandIn;
/** Where the requests go: the stand-in in this process, unless a test starts another. */
let target: { url: string; tokenUrl: string };

beforeEach(async () => {
  now = Date.parse('2026-11-02T10:00:00Z');
  dwt = await startDwtStandIn({
    clientId: 'our-client',
    clientSecret: 's3cret',
    expiresIn: 900,
    now: () => now,
  });
  target = dwt;
});
afterEach(() => dwt.close());

// The stand-in in its own process starts with the file, so its start-up overlaps the other tests.
let child: ChildProcess;
let childStarted: Promise<{ url: string; tokenUrl: string }>;
beforeAll(() => {
  const script = new URL('./dwt-stand-in-process.ts', import.meta.url).pathname;
  child = spawn(process.execPath, [script], {
    env: { ...process.env, PORT: '0', DWT_CLIENT_ID: 'our-client', DWT_CLIENT_SECRET: 's3cret' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  childStarted = once(createInterface({ input: child.stdout! }), 'line').then(([line]) => JSON.parse(line));
});
afterAll(async () => {
  const exited = child.exitCode === null ? once(child, 'exit') : Promise.resolve();
  child.kill('SIGTERM');
  await exited;
});

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** The JSON bodies the stand-in answers with, loosely: each test checks the fields it cares about. */
interface Answer {
  access_token?: string;
  wasteTrackingId?: string;
  validation?: { warnings: { key: string }[] };
}

async function requestToken(form: Record<string, string>, authorization?: string) {
  const res = await fetch(target.tokenUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization ? { authorization } : {}),
    },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

async function token(): Promise<string> {
  const { body } = await requestToken({ grant_type: 'client_credentials' }, basic('our-client', 's3cret'));
  return body.access_token ?? '';
}

async function send(
  body: unknown,
  options: { bearer?: string | null; id?: string; signal?: AbortSignal } = {},
) {
  const bearer = options.bearer === undefined ? await token() : options.bearer;
  const res = await fetch(`${target.url}/movements/${options.id ? `${options.id}/` : ''}receive`, {
    method: options.id ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

/** A receipt with its first waste item changed. */
function receiptWithItem(change: Record<string, unknown>, top: Record<string, unknown> = {}) {
  const receipt = exampleReceipt(top) as { wasteItems: Record<string, unknown>[] };
  Object.assign(receipt.wasteItems[0], change);
  return receipt;
}

describe('token endpoint', () => {
  it('issues a bearer token for the client credentials, in a Basic header or in the form', async () => {
    const fromHeader = await requestToken(
      { grant_type: 'client_credentials' },
      basic('our-client', 's3cret'),
    );
    expect(fromHeader).toEqual({
      status: 200,
      body: { access_token: expect.any(String), expires_in: 900, token_type: 'Bearer' },
    });
    const fromForm = await requestToken({
      grant_type: 'client_credentials',
      client_id: 'our-client',
      client_secret: 's3cret',
    });
    expect(fromForm.status).toBe(200);
    expect(fromForm.body.access_token).not.toBe(fromHeader.body.access_token);
    expect(dwt.tokenRequests).toBe(2);
  });

  it('refuses wrong credentials and other grants as Cognito does', async () => {
    expect(await requestToken({ grant_type: 'client_credentials' }, basic('our-client', 'guess'))).toEqual({
      status: 400,
      body: { error: 'invalid_client' },
    });
    expect(await requestToken({ grant_type: 'password' }, basic('our-client', 's3cret'))).toEqual({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
  });
});

describe('bearer tokens', () => {
  const unauthorized = (message: string) => ({
    status: 401,
    body: { statusCode: 401, error: 'Unauthorized', message },
  });

  it('turns away a request without a token, or with one it never issued', async () => {
    expect(await send(exampleReceipt(), { bearer: null })).toEqual(unauthorized('Missing authentication'));
    expect(await send(exampleReceipt(), { bearer: 'made-up' })).toEqual(
      unauthorized('Invalid token signature'),
    );
    expect(dwt.movements).toEqual([]);
  });

  it('turns away a token past its expires_in, and every token after expireTokens()', async () => {
    const first = await token();
    now += 901_000;
    expect(await send(exampleReceipt(), { bearer: first })).toEqual(unauthorized('Token expired'));
    const second = await token();
    dwt.expireTokens();
    expect(await send(exampleReceipt(), { bearer: second })).toEqual(unauthorized('Token expired'));
    expect((await send(exampleReceipt())).status).toBe(201);
  });
});

describe('receiving a movement', () => {
  it('stores a valid receipt under a new waste tracking id and answers 201 without warnings', async () => {
    const { status, body } = await send(exampleReceipt());
    expect(status).toBe(201);
    expect(body).toEqual({ wasteTrackingId: expect.stringMatching(/^26[A-Z0-9]{6}$/) });
    expect(dwt.movements).toEqual([
      {
        wasteTrackingId: body.wasteTrackingId,
        payload: exampleReceipt(),
        revisions: 1,
        createdAt: new Date(now),
      },
    ]);
    expect(dwt.requests.at(-1)).toMatchObject({ method: 'POST', path: '/movements/receive', status: 201 });
  });

  it("adds DWT's warnings: no disposal or recovery code, components without a concentration", async () => {
    const receipt = receiptWithItem({
      disposalOrRecoveryCodes: undefined,
      containsPops: true,
      pops: { sourceOfComponents: 'PROVIDED_WITH_WASTE', components: [{ code: 'PCB' }] },
    });
    const { status, body } = await send(receipt);
    expect(status).toBe(201);
    expect(body.validation?.warnings).toEqual([
      {
        key: 'wasteItems.0.disposalOrRecoveryCodes',
        errorType: 'NotProvided',
        message: 'wasteItems[0].disposalOrRecoveryCodes is required for proper waste tracking and compliance',
      },
      {
        key: 'wasteItems.0.pops.components.0.concentration',
        errorType: 'NotProvided',
        message:
          'wasteItems[0].pops.components[0].concentration is recommended when source of components is one of PROVIDED_WITH_WASTE, GUIDANCE, OWN_TESTING',
      },
    ]);
  });

  it.each([
    [
      'an EWC code not on the List of Wastes',
      receiptWithItem({ ewcCodes: ['200301', '999999'] }),
      [
        {
          key: 'wasteItems.0.ewcCodes.1',
          errorType: 'InvalidValue',
          message: '"wasteItems[0].ewcCodes[1]" must be a valid EWC code from the official list',
        },
      ],
    ],
    [
      'no apiCode, a submittingOrganisation and an unknown field, all reported',
      exampleReceipt({
        apiCode: undefined,
        submittingOrganisation: { defraCustomerOrganisationId: 'x' },
        note: 1,
      }),
      [
        { key: 'apiCode', errorType: 'NotProvided', message: '"apiCode" is required' },
        {
          key: 'submittingOrganisation',
          errorType: 'NotAllowed',
          message: '"submittingOrganisation" is not allowed',
        },
        { key: 'note', errorType: 'NotAllowed', message: '"note" is not allowed' },
      ],
    ],
    [
      'hazardous waste (16 06 01*) with neither a consignment code nor a reason',
      receiptWithItem({ ewcCodes: ['160601'] }),
      [
        {
          key: 'reasonForNoConsignmentCode',
          errorType: 'BusinessRuleViolation',
          message:
            '"reasonForNoConsignmentCode" is required when wasteItems[*].ewcCodes contains a hazardous code and hazardousWasteConsignmentCode is not provided',
        },
      ],
    ],
    [
      'a malformed EWC code and a string for a number',
      receiptWithItem({ ewcCodes: ['20 03 01'], numberOfContainers: '1' }),
      [
        {
          key: 'wasteItems.0.ewcCodes.0',
          errorType: 'InvalidFormat',
          message: '"wasteItems[0].ewcCodes[0]" must be a valid 6-digit numeric code',
        },
        {
          key: 'wasteItems.0.numberOfContainers',
          errorType: 'InvalidType',
          message: '"wasteItems[0].numberOfContainers" must be a number',
        },
      ],
    ],
    [
      'no body at all',
      null,
      [
        {
          key: 'ReceiveMovementRequest',
          errorType: 'InvalidType',
          message: '"ReceiveMovementRequest" must be of type object',
        },
      ],
    ],
  ])('refuses %s with 400 and stores nothing', async (_, receipt, errors) => {
    expect(await send(receipt)).toEqual({ status: 400, body: { validation: { errors } } });
    expect(dwt.movements).toEqual([]);
  });

  it('answers 500 yet keeps the movement when there is no carrier, as DWT does', async () => {
    expect(await send(exampleReceipt({ carrier: undefined }))).toEqual({
      status: 500,
      body: { error: 'Internal Server Error', message: 'Failed to create waste movement' },
    });
    expect(dwt.movements).toHaveLength(1);
  });
});

describe('updating a movement', () => {
  it('replaces the stored receipt and counts the revision', async () => {
    const { body: created } = await send(exampleReceipt());
    const corrected = exampleReceipt({ yourUniqueReference: 'WTN-2026-000124' });
    expect(await send(corrected, { id: created.wasteTrackingId })).toEqual({ status: 200, body: {} });
    expect(dwt.movements).toMatchObject([{ payload: corrected, revisions: 2 }]);
    const withWarning = receiptWithItem({ disposalOrRecoveryCodes: [] });
    const { body } = await send(withWarning, { id: created.wasteTrackingId });
    expect(body.validation?.warnings.map((w) => w.key)).toEqual(['wasteItems.0.disposalOrRecoveryCodes']);
  });

  it('answers 404 for a waste tracking id it never issued', async () => {
    expect(await send(exampleReceipt(), { id: '26ZZZZZZ' })).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Movement not found' },
    });
  });
});

describe('fault switches', () => {
  it('refuse(): answers the status for the next N requests and stores nothing', async () => {
    dwt.refuse(503, undefined, 1);
    expect(await send(exampleReceipt())).toEqual({
      status: 503,
      body: { statusCode: 503, error: 'Service Unavailable', message: 'Service Unavailable' },
    });
    expect(dwt.movements).toEqual([]);
    dwt.refuse(402, { statusCode: 402, error: 'Payment Required', message: 'Service charge not paid' });
    expect((await send(exampleReceipt())).status).toBe(402);
    expect((await send(exampleReceipt())).status).toBe(402);
    dwt.clearFaults();
    expect((await send(exampleReceipt())).status).toBe(201);
  });

  it('refuseTokens(): the token endpoint fails on its own', async () => {
    dwt.refuseTokens(500, undefined, 1);
    expect(await requestToken({ grant_type: 'client_credentials' }, basic('our-client', 's3cret'))).toEqual({
      status: 500,
      body: { error: 'server_error' },
    });
    expect(typeof (await token())).toBe('string');
  });

  it('down() refuses connections until up() reopens the same port', async () => {
    const bearer = await token();
    await dwt.down();
    await expect(send(exampleReceipt(), { bearer })).rejects.toThrow('fetch failed');
    await dwt.up();
    expect((await send(exampleReceipt(), { bearer })).status).toBe(201);
  });

  it('hang(): stores the movement and leaves the client waiting until it gives up', async () => {
    dwt.hang(1);
    const bearer = await token();
    // The client gives up once the movement is stored (however long a loaded machine takes to get there),
    // never having had an answer.
    const giveUp = new AbortController();
    const sent = send(exampleReceipt(), { bearer, signal: giveUp.signal });
    await vi.waitFor(() => expect(dwt.movements).toHaveLength(1), { timeout: 10_000, interval: 10 });
    expect(dwt.requests.at(-1)?.status).toBeNull();
    giveUp.abort();
    await expect(sent).rejects.toThrow(/aborted/);
    expect(dwt.requests.at(-1)?.status).toBeNull();
  });

  it('dropAfterAccept(): stores the movement, then cuts the connection without an answer', async () => {
    dwt.dropAfterAccept(1);
    await expect(send(exampleReceipt())).rejects.toThrow('fetch failed');
    expect(dwt.movements).toHaveLength(1);
    expect((await send(exampleReceipt())).status).toBe(201);
  });

  it('delay(): answers normally, late', async () => {
    const bearer = await token();
    dwt.delay(120, 1);
    const started = performance.now();
    expect((await send(exampleReceipt(), { bearer })).status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(115);
  });
});

describe('in its own process', () => {
  it('prints its address, and hangs, lists and forgets movements on request', async () => {
    const started = await childStarted;
    expect(started).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      tokenUrl: `${started.url}/oauth2/token`,
      clientId: 'our-client',
      clientSecret: 's3cret',
    });
    target = started;
    const control = (method: string, what: string) =>
      fetch(`${started.url}/_control/${what}`, { method }).then((res) => res.json());
    await control('POST', 'hang');
    const giveUp = new AbortController();
    const sent = send(exampleReceipt(), { signal: giveUp.signal });
    await vi.waitFor(
      async () =>
        expect(await control('GET', 'movements')).toMatchObject([
          { payload: exampleReceipt(), revisions: 1 },
        ]),
      { timeout: 10_000, interval: 20 },
    );
    giveUp.abort();
    await expect(sent).rejects.toThrow(/aborted/);
    await control('POST', 'reset');
    expect(await control('GET', 'movements')).toEqual([]);
  });
});
