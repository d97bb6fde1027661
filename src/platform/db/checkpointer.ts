// A worker thread that checkpoints a SQLite database's write-ahead log (platform/db/sqlite.ts): it
// copies committed pages from the log into the database file and syncs both, work SQLite would
// otherwise do inside a COMMIT on the event loop (two fsyncs, 10 ms and more here, every thousand pages).
// PASSIVE never waits for, or stops, the service's own connection: writers go on appending meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new SqliteDatabase(file);
// A checkpoint syncs the log before copying and the database after (the log is then reused).
db.pragma('synchronous = NORMAL');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort?.postMessage({ failed: (error as Error).message });
  }
}, intervalMs);

parentPort?.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
