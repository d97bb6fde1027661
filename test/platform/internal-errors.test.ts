import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../src/platform/error-handler.ts';
import { ApiError } from '../../src/platform/errors.ts';

describe('unexpected errors', () => {
  it('become INTERNAL_ERROR with no internal detail in the body', async () => {
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
      genReqId: () => 'req_test123456',
    });
    installErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('connection to db-internal-7.example failed: password authentication failed');
    });
    app.get('/expected', async () => {
      throw new ApiError('WTN_NOT_FOUND', 'No transfer note WTN-2026-0101-ABCD.');
    });

    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: expect.stringContaining('request_id'),
        status: 500,
        request_id: 'req_test123456',
      },
    });
    expect(res.body).not.toContain('db-internal-7');
    // The detail is kept where an operator can find it: the log line carries the request id.
    expect(logged.join('')).toContain('db-internal-7');
    expect(logged.join('')).toContain('req_test123456');

    const expected = await app.inject({ method: 'GET', url: '/expected' });
    expect(expected.statusCode).toBe(404);
    expect(expected.json().error).toMatchObject({
      code: 'WTN_NOT_FOUND',
      message: 'No transfer note WTN-2026-0101-ABCD.',
    });
    await app.close();
  });
});
