import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSdkTypes, SDK_TYPES_FILE } from '../../scripts/sdk-types.ts';

describe("the SDK's generated types", () => {
  it('are what openapi-typescript writes for the OpenAPI document the service serves now', async () => {
    const committed = readFileSync(SDK_TYPES_FILE, 'utf8');
    const current = await generateSdkTypes();
    // One boolean, not a 7,000-line diff: the fix is always the same command.
    expect(committed === current, 'packages/sdk/src/openapi.ts is stale: run `npm run sdk:generate`').toBe(
      true,
    );
  });
});
