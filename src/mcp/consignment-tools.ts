import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { z } from 'zod';
import type { ConsignmentNote } from '../consignments/consignment-schemas.ts';
import type { ApiFor, ToolExtra } from './api-caller.ts';
import {
  CreateConsignmentNoteInput,
  GetConsignmentNoteInput,
  SignConsignmentNoteInput,
} from './consignment-inputs.ts';
import { consignmentSummary } from './consignment-summaries.ts';
import { answer, READ_ONLY } from './tool-results.ts';

const notePath = (id: string) => `/v1/consignment-notes/${encodeURIComponent(id)}`;

/** The hazardous waste consignment note tools: create, read and sign, each one /v1 call. */
export function registerConsignmentTools(server: McpServer, apiFor: ApiFor): void {
  server.registerTool(
    'create_consignment_note',
    {
      title: 'Create a hazardous waste consignment note',
      description:
        "Use when hazardous waste is to be moved from a producer's premises in England or Wales: hazardous waste needs a consignment note (Hazardous Waste (England and Wales) Regulations 2005), not a transfer note. Every line must carry a hazardous (asterisked) List of Wastes code, e.g. 13 02 05*, or classify: true to have its description classified; a non-hazardous code is refused (use generate_transfer_note for that waste). Creates Parts A and B and answers the consignment code (e.g. GARAGE/00001) and the note id (cn_...); then sign Parts C, D and E with sign_consignment_note. Creates a record: call it once per consignment. Costs one API call.",
      inputSchema: CreateConsignmentNoteInput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (input: z.infer<typeof CreateConsignmentNoteInput>, extra: ToolExtra) =>
      answer<ConsignmentNote>(
        // A fresh key per tool call, as generate_transfer_note: the caller's retries never make a second note.
        () =>
          apiFor(extra).call('POST', '/v1/consignment-notes', { body: input, idempotencyKey: randomUUID() }),
        (note) => consignmentSummary(note, 'Created'),
      ),
  );

  server.registerTool(
    'get_consignment_note',
    {
      title: 'Get a hazardous waste consignment note',
      description:
        "Use when given a consignment note id (cn_...) or to check a consignment again: returns its status, its lines with their asterisked codes, every part signed so far (the carrier's register check at Part C, what the consignee received or rejected at Part E) and which part is to be signed next. Costs one API call.",
      inputSchema: GetConsignmentNoteInput,
      annotations: { ...READ_ONLY, openWorldHint: false },
    },
    ({ id }: z.infer<typeof GetConsignmentNoteInput>, extra: ToolExtra) =>
      answer<ConsignmentNote>(
        () => apiFor(extra).call('GET', notePath(id)),
        (note) => consignmentSummary(note, 'Found'),
      ),
  );

  server.registerTool(
    'sign_consignment_note',
    {
      title: 'Sign a part of a consignment note',
      description:
        "Use when the carrier collects hazardous waste (part C, with the vehicle registration; the carrier is checked against the register there and then), when the consignor then confirms the note (part D), or when the consignee receives it (part E, with every line's quantity received, accepted or rejected with the reason, and the R or D operation). Parts are signed in the order C, D, E, each once: out of order is refused as PART_OUT_OF_ORDER. Costs one API call.",
      inputSchema: SignConsignmentNoteInput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    ({ id, ...body }: z.infer<typeof SignConsignmentNoteInput>, extra: ToolExtra) =>
      answer<ConsignmentNote>(
        () => apiFor(extra).call('POST', `${notePath(id)}/signatures`, { body }),
        (note) => consignmentSummary(note, 'Signed'),
      ),
  );
}
