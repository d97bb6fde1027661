import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.ts';
import { type CommitBatch, GroupCommit } from '../platform/group-commit.ts';
import type { NewNote, WriteOutcome } from './note-store.ts';

/** Transfer notes written by group commit (src/platform/group-commit.ts). */
export class NoteWriter extends GroupCommit<NewNote, WriteOutcome> {
  constructor(options: { commit: CommitBatch<NewNote, WriteOutcome>; clock: Clock; logger: Logger }) {
    super({ ...options, what: 'transfer note' });
  }
}
