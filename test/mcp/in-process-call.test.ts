import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type InProcessRequest, inProcessCaller } from '../../src/mcp/in-process-call.ts';

/** What a route sees of its request: the in-process call must show it exactly as app.inject does. */
const seen = (r: FastifyRequest) => ({
  method: r.method,
  url: r.url,
  headers: r.headers,
  ip: r.ip,
  host: r.host,
  protocol: r.protocol,
  query: r.query,
  params: r.params,
  body: r.body,
});

describe('a tool call answered in-process', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function echoApp(events: string[]) {
    app = Fastify({ genReqId: () => 'req_1' });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.raw.once('close', () => events.push('close'));
      done();
    });
    app.addHook('onResponse', (_request, _reply, done) => {
      events.push('onResponse');
      done();
    });
    app.get('/v1/*', async (request) => seen(request));
    app.post('/v1/*', async (request) => seen(request));
    app.get('/v1/teapot', async () => {
      throw Object.assign(new Error('short and stout'), { statusCode: 418 });
    });
    app.get('/v1/limits', async (_request, reply) => {
      reply.header('x-ratelimit-remaining', 41).header('retry-after', '30');
      return { ok: true };
    });
    const send = inProcessCaller(app);
    await app.ready();
    return send;
  }

  const requests: InProcessRequest[] = [
    {
      method: 'GET',
      url: '/v1/ewc-codes/170504',
      headers: { accept: 'application/json', authorization: 'Bearer k' },
    },
    { method: 'GET', url: '/v1/wtn?limit=5&carrier=CBDU1234&date_from=2026-01-01', headers: {} },
    { method: 'GET', url: "/v1/wtn/WTN-2026-0101-AB'C(1)", headers: {} },
    { method: 'GET', url: '/v1/wtn/..', headers: {} },
    { method: 'GET', url: '/v1/ewc-codes?q=soil+and%20stones&hazardous=true', headers: {} },
    { method: 'GET', url: '/v1/teapot', headers: {} },
    { method: 'GET', url: '/v1/limits', headers: {} },
    { method: 'GET', url: '/nowhere', headers: {} },
    {
      method: 'POST',
      url: '/v1/verify-carrier',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': 'k-1' },
      body: JSON.stringify({ registration_number: 'CBDU1', name: 'Zoë’s Skips' }),
    },
  ];

  it.each(requests)('answers $method $url as app.inject does, hooks and all', async (request) => {
    const events: string[] = [];
    const send = await echoApp(events);
    const injected = await app!.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      payload: request.body,
    });
    const injectedEvents = events.splice(0);
    const answer = await send(request);

    expect(answer.status).toBe(injected.statusCode);
    expect(answer.body).toBe(injected.body);
    const { date: _date, connection: _connection, ...injectedHeaders } = injected.headers;
    expect(answer.headers).toEqual(
      Object.fromEntries(Object.entries(injectedHeaders).map(([name, value]) => [name, String(value)])),
    );
    // The request log is written on onResponse, and the limits settle a call on `close`: both have run
    // by the time the caller hears the answer.
    expect(events).toEqual(injectedEvents);
    expect(events).toEqual(['onResponse', 'close']);
  });

  it('refuses calls once the app is closing, as inject does', async () => {
    const send = await echoApp([]);
    await app!.close();
    await expect(send(requests[0])).rejects.toThrow('Fastify has already been closed');
    app = undefined;
  });
});
