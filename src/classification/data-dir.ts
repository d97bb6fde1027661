import { fileURLToPath } from 'node:url';

/** data/classification/: the engine's rules, knowledge, corpus and trained model. */
export const CLASSIFICATION_DATA = fileURLToPath(new URL('../../data/classification/', import.meta.url));
