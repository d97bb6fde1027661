import type { AuthContext } from '../accounts/account-service.ts';
import type { PartAuthentication } from './consignment-schemas.ts';
import type { ConsignmentSigningLinkRow } from './tables.ts';

/**
 * What a signed part records of how it was authenticated. The request log that ties a call to its key
 * is kept 30 days and a note at least 3 years (reg 49), so the part keeps it itself: the key's id,
 * display prefix and name, never the key or its hash (a note goes to every party).
 */

/** A part signed through the API: the organisation and the key of the request. */
export function keyAuthentication(auth: AuthContext): PartAuthentication {
  return {
    organisation: { id: auth.organisationId, name: auth.organisationName },
    api_key: { id: auth.keyId, prefix: auth.displayPrefix, name: auth.keyName },
    signing_link: null,
  };
}

/** What a signing link keeps of the request that created it (its `created_with`). */
export function linkCreatedWith(auth: AuthContext): string {
  const { organisation, api_key } = keyAuthentication(auth);
  return JSON.stringify({ organisation, api_key });
}

/**
 * A part signed on a link: the link, and the organisation and key that created it. A link made before
 * that was recorded names its organisation by id alone, and no key.
 */
export function linkAuthentication(link: ConsignmentSigningLinkRow): PartAuthentication {
  const made = link.created_with
    ? (JSON.parse(link.created_with) as Pick<PartAuthentication, 'organisation' | 'api_key'>)
    : null;
  return {
    organisation: made?.organisation ?? { id: link.organisation_id, name: null },
    api_key: made?.api_key ?? null,
    // A link an instance of the release before made after the migration has no id: none is invented.
    signing_link: link.id ? { id: link.id, created_at: link.created_at } : null,
  };
}
