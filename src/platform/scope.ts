import type { FastifyRequest } from 'fastify';
import type { KeyMode } from '../accounts/api-key-format.ts';

/** Whose data a request may see: the organisation of its key, in the key's mode (live or test). */
export interface Scope {
  organisationId: string;
  mode: KeyMode;
}

export const scopeOf = (request: FastifyRequest): Scope => ({
  organisationId: request.auth.organisationId,
  mode: request.auth.mode,
});
