// Renderers for test/platform/pdf-threads.test.ts that fail on a PDF thread as a fault would.

/** Ends the thread it runs on, as a crash in the PDF library would. */
export function drawAndExit(): Promise<Uint8Array> {
  process.exit(3);
}

/** Throws, as a renderer given a note it cannot print would. */
export function drawAndThrow(): Promise<Uint8Array> {
  throw new Error('cannot print this note');
}
