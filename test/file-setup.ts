import { afterAll } from 'vitest';
import { dropTestSchemas, usingPostgres } from './helpers/database.ts';

// Registered before the file's own hooks, so it runs after them: its servers and pools are closed by then.
if (usingPostgres()) afterAll(dropTestSchemas);
