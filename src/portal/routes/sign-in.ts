import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalRouteOptions } from '../portal-plugin.ts';
import type { PortalService } from '../portal-service.ts';
import type { PortalUserRow } from '../tables.ts';

/**
 * Signs this browser in as `user`: a new session id at every log-in, and the old session (if any)
 * ended, so an id planted in the browser beforehand is worthless (OWASP: renew the session id after
 * authentication). The CSRF secret is dropped too, so the signed-in pages get one the visitor never had
 * before. The browser gets (or renews) its device cookie: its later log-ins to this account are judged
 * on its own failures, not the email's shared count.
 */
export async function signIn(
  portal: PortalService,
  request: FastifyRequest,
  reply: FastifyReply,
  user: PortalUserRow,
  { cookies, secure }: Pick<PortalRouteOptions, 'cookies' | 'secure'>,
): Promise<void> {
  await portal.sessions.end(request.cookies[cookies.session]);
  const { token } = await portal.sessions.start(user);
  reply.setCookie(cookies.session, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(cookies.csrf, { path: '/', secure });
  const device = await portal.devices.remember(user.id, request.cookies[cookies.device]);
  reply.setCookie(cookies.device, device.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: Math.floor(device.maxAgeMs / 1000),
  });
}
