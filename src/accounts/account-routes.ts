import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { withExamples } from '../platform/openapi.ts';

const AccountResponse = Type.Object({
  organisation: Type.Object({
    id: Type.String(),
    name: Type.String(),
    plan: Type.String({ description: 'free, starter, professional, business or enterprise' }),
  }),
  key: Type.Object({
    id: Type.String(),
    mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    display_prefix: Type.String(),
  }),
});

/** GET /v1/account: what a client calls to check its setup. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/account',
    {
      config: { billable: false },
      schema: {
        operationId: 'getAccount',
        tags: ['Account'],
        summary: 'The calling key and its organisation',
        description:
          'Check that a key works and see which organisation, plan and mode it belongs to. Costs no quota.',
        response: {
          200: withExamples(AccountResponse, {
            testKey: {
              summary: 'A test key',
              value: {
                organisation: {
                  id: 'org_xVDnMbh7HZgHZwjgLLFZ',
                  name: 'Riverside Skips Ltd',
                  plan: 'starter',
                },
                key: { id: 'key_acGzP92ZMXAEtNBwAJqx', mode: 'test', display_prefix: 'wcs_test_Xz00…' },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const { auth } = request;
      return {
        organisation: { id: auth.organisationId, name: auth.organisationName, plan: auth.plan },
        key: { id: auth.keyId, mode: auth.mode, display_prefix: auth.displayPrefix },
      };
    },
  );
};
