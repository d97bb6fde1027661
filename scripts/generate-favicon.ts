/**
 * Writes /favicon.ico (src/platform/assets/favicon.ico) from favicon.svg. Run after changing the mark;
 * test/platform/favicon.test.ts fails until you do.
 *
 *   node scripts/generate-favicon.ts
 */
import { writeFileSync } from 'node:fs';
import { FAVICON_ICO_FILE, faviconIco } from './favicon-ico.ts';

writeFileSync(FAVICON_ICO_FILE, await faviconIco());
console.log(`wrote ${FAVICON_ICO_FILE.pathname}`);
