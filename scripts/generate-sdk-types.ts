/**
 * Writes the SDK's TypeScript types (packages/sdk/src/openapi.ts) from the OpenAPI document the service
 * serves. Run after changing a route's schema; test/sdk/generated-types.test.ts fails until you do.
 *
 *   npm run sdk:generate
 */
import { writeFileSync } from 'node:fs';
import { generateSdkTypes, SDK_TYPES_FILE } from './sdk-types.ts';

writeFileSync(SDK_TYPES_FILE, await generateSdkTypes());
console.log(`wrote ${SDK_TYPES_FILE}`);
