import type { FastifyInstance } from 'fastify';
import '../accounts/auth-hook.ts';
import '../platform/error-handler.ts';
import type { RequestLogService } from './request-log-service.ts';

/**
 * Records every request of the scope made with a valid key in the request log, once it has been
 * answered (onResponse: after the response has gone, so recording never delays it). A request refused
 * for want of a valid key (401) has no organisation to be logged for. The hook only hands a row over;
 * the writer stores it later, in a batch, and a failure to store it is logged, never answered.
 */
export function installRequestLog(scope: FastifyInstance, log: RequestLogService): void {
  scope.addHook('onResponse', (request, reply, done) => {
    const auth = request.auth;
    if (auth) {
      try {
        log.record({
          id: request.id,
          key: auth,
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          url: request.url,
          status: reply.statusCode,
          errorCode: request.errorCode,
          elapsedMs: reply.elapsedTime,
        });
      } catch (err) {
        request.log.error({ err }, 'request log: could not record the request');
      }
    }
    done();
  });
}
