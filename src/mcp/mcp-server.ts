import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  type JSONRPCMessage,
  ListToolsRequestSchema,
  type ListToolsResult,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { z } from 'zod';
import type { VerifyCarrierResult } from '../carriers/verify-result.ts';
import type { WasteTransferNote } from '../wtn/wtn-schemas.ts';
import type { ApiCaller, ApiFor, ToolExtra } from './api-caller.ts';
import { registerConsignmentTools } from './consignment-tools.ts';
import { GuardedMcpServer } from './guarded-server.ts';
import { apiOf, JsonExchanges } from './json-exchanges.ts';
import {
  type ClassifyResult,
  carrierSummary,
  classificationSummary,
  type EwcEntry,
  ewcEntrySummary,
  ewcListSummary,
  type NoteList,
  noteListSummary,
  noteSummary,
} from './summaries.ts';
import {
  ClassifyWasteInput,
  GenerateTransferNoteInput,
  GetTransferNoteInput,
  ListTransferNotesInput,
  LookUpEwcCodeInput,
  SearchListOfWastesInput,
  VerifyCarrierInput,
} from './tool-inputs.ts';
import { answer, READ_ONLY } from './tool-results.ts';

/** The service's version, as MCP clients show it. */
const { version: VERSION } = createRequire(import.meta.url)('../../package.json') as { version: string };

const INSTRUCTIONS =
  'UK duty of care for waste (England). Check a carrier with verify_carrier before waste leaves; find the ' +
  'List of Wastes code with classify_waste (or look_up_ewc_code / search_list_of_wastes when a code is ' +
  'known or to browse); record the transfer with generate_transfer_note, which checks the carrier and ' +
  'classifies the waste itself. Hazardous waste (an asterisked code) moves on a consignment note instead: ' +
  'create_consignment_note, then sign_consignment_note for Parts C, D and E in that order. Quote the note ' +
  'reference or consignment code, or for a carrier the register check and its time, when you report an ' +
  'answer. Test keys (wcs_test_) answer from a sandbox and make test notes.';

/**
 * The service's MCP server for `wcs mcp` (stdio): one tool per task a person asks an assistant for,
 * each a call to the /v1 API through `api`.
 */
export function createMcpServer(api: ApiCaller): McpServer {
  return withListedTools(serverWithTools(() => api));
}

/**
 * The MCP server every POST /mcp is answered by: built and connected once per process, its tools
 * calling the API with the key of the request each message came with (JsonExchanges). Nothing is kept
 * between requests, so the HTTP transport stays stateless and any instance answers any request.
 */
export async function createSharedMcpServer(): Promise<{ server: McpServer; exchanges: JsonExchanges }> {
  const server = withListedTools(
    serverWithTools((extra) => {
      const api = apiOf(extra.authInfo);
      if (!api) throw new Error('an MCP message reached the tools without the caller of its request');
      return api;
    }),
  );
  const exchanges = new JsonExchanges();
  await server.connect(exchanges);
  return { server, exchanges };
}

/**
 * What does not depend on the request is made once per process: the JSON Schema validator (the SDK
 * builds an Ajv instance per server otherwise) and the tools/list answer (the SDK converts every
 * tool's zod schema to JSON Schema on each tools/list otherwise).
 */
function withListedTools(server: McpServer): McpServer {
  server.server.removeRequestHandler('tools/list');
  server.server.setRequestHandler(ListToolsRequestSchema, listedTools);
  return server;
}

const validator = new AjvJsonSchemaValidator();
let toolList: Promise<ListToolsResult> | undefined;
/** Answers that never change, as JSON text: the tool list is some 20 kB, and serialising it was most of a tools/list. */
const serialised = new WeakMap<object, string>();

/** The JSON text of a result the server always answers the same way (the tool list), if it is one. */
export function serialisedResult(result: unknown): string | undefined {
  return typeof result === 'object' && result !== null ? serialised.get(result) : undefined;
}

/** The SDK's own tools/list answer, asked once of a server that never calls the API. */
function listedTools(): Promise<ListToolsResult> {
  toolList ??= (async () => {
    const server = serverWithTools(() => ({
      call: () => Promise.reject(new Error('the tool list is built without calling the API')),
    }));
    const [ours, theirs] = InMemoryTransport.createLinkedPair();
    const answered = new Promise<JSONRPCMessage>((resolve) => {
      ours.onmessage = resolve;
    });
    await server.connect(theirs);
    await ours.start();
    await ours.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const message = (await answered) as { result?: ListToolsResult; error?: { message: string } };
    await server.close();
    if (!message.result) throw new Error(`tools/list failed: ${message.error?.message}`);
    serialised.set(message.result, JSON.stringify(message.result));
    return message.result;
  })();
  toolList.catch(() => {
    toolList = undefined;
  });
  return toolList;
}

function serverWithTools(apiFor: ApiFor): McpServer {
  const server = new GuardedMcpServer(
    { name: 'waste-compliance-service', title: 'Waste Compliance Service', version: VERSION },
    { instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
  );

  server.registerTool(
    'verify_carrier',
    {
      title: 'Verify a waste carrier',
      description:
        'Use before handing waste to a carrier, broker or dealer, or when asked whether one is registered: checks the Environment Agency public register by registration number (preferred), business name or postcode. Answers valid, expiring_soon, expired, lower_tier or not_found, with whether the transfer is compliant and what to do. Costs one API call.',
      inputSchema: VerifyCarrierInput,
      annotations: { ...READ_ONLY, openWorldHint: true },
    },
    (input: z.infer<typeof VerifyCarrierInput>, extra: ToolExtra) =>
      answer<VerifyCarrierResult>(
        () => apiFor(extra).call('POST', '/v1/verify-carrier', { body: input }),
        carrierSummary,
      ),
  );

  server.registerTool(
    'classify_waste',
    {
      title: 'Classify waste (List of Wastes code)',
      description:
        'Use when someone describes a waste and needs its List of Wastes (EWC) code, whether it is hazardous, or how to handle it. Returns ranked codes with confidence (below 0.7 needs a person to check), flags and disposal notes. When the description does not settle the code it asks a question (which side of a mirror pair, or what the waste is): put the question to the user and call again with the same description and the fields of the chosen answer. Not needed before generate_transfer_note, which classifies by itself. Costs one API call.',
      inputSchema: ClassifyWasteInput,
      annotations: { ...READ_ONLY, openWorldHint: false },
    },
    (input: z.infer<typeof ClassifyWasteInput>, extra: ToolExtra) =>
      answer<ClassifyResult>(
        () => apiFor(extra).call('POST', '/v1/classify-waste', { body: input }),
        classificationSummary,
      ),
  );

  server.registerTool(
    'generate_transfer_note',
    {
      title: 'Generate a waste transfer note',
      description:
        'Use to record a transfer of waste from a producer to a carrier: creates a waste transfer note (reg 35 Waste (England and Wales) Regulations 2011), checking the carrier against the register and classifying the waste in the same step, and answers its reference (WTN-YYYY-MMDD-XXXX) with any compliance flags. Not for hazardous waste (an asterisked code), which moves on a consignment note: use create_consignment_note. Creates a record: call it once per real transfer; to correct a note, create a new one with supersedes. Costs one API call.',
      inputSchema: GenerateTransferNoteInput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
    (input: z.infer<typeof GenerateTransferNoteInput>, extra: ToolExtra) =>
      answer<WasteTransferNote>(
        // A fresh key per tool call, so the caller's own retries of it (wcs mcp's, over HTTP) never make
        // a second note; a tool call sent twice is two transfers (docs/mcp.md).
        () => apiFor(extra).call('POST', '/v1/generate-wtn', { body: input, idempotencyKey: randomUUID() }),
        (note) => noteSummary(note, 'Created'),
      ),
  );

  server.registerTool(
    'get_transfer_note',
    {
      title: 'Get a waste transfer note',
      description:
        'Use when given a note reference (WTN-...) or to check a note again: returns the note with its carrier check, waste code, compliance flags, signing state and any correction. Costs one API call.',
      inputSchema: GetTransferNoteInput,
      annotations: { ...READ_ONLY, openWorldHint: false },
    },
    ({ reference }: z.infer<typeof GetTransferNoteInput>, extra: ToolExtra) =>
      answer<WasteTransferNote>(
        () => apiFor(extra).call('GET', `/v1/wtn/${encodeURIComponent(reference)}`),
        (note) => noteSummary(note, 'Found'),
      ),
  );

  server.registerTool(
    'list_transfer_notes',
    {
      title: 'List waste transfer notes',
      description:
        "Use to find notes or answer questions across them (last month's notes, a carrier's notes, notes with problems, unsigned notes): this organisation's notes, newest first, filtered by transfer date, carrier, code, compliance, status or signing state, one page at a time. Costs one API call per page.",
      inputSchema: ListTransferNotesInput,
      annotations: { ...READ_ONLY, openWorldHint: false },
    },
    (query: z.infer<typeof ListTransferNotesInput>, extra: ToolExtra) =>
      answer<NoteList>(() => apiFor(extra).call('GET', '/v1/wtn', { query }), noteListSummary),
  );

  server.registerTool(
    'look_up_ewc_code',
    {
      title: 'Look up a List of Wastes code',
      description:
        'Use when a List of Wastes (EWC) code is already known, to read its legal description, whether it is hazardous (absolute or mirror entry) and its mirror partners. Costs no monthly quota.',
      inputSchema: LookUpEwcCodeInput,
      annotations: { ...READ_ONLY, openWorldHint: false },
    },
    ({ code }: z.infer<typeof LookUpEwcCodeInput>, extra: ToolExtra) =>
      answer<EwcEntry>(
        () => apiFor(extra).call('GET', `/v1/ewc-codes/${encodeURIComponent(code)}`),
        ewcEntrySummary,
      ),
  );

  server.registerTool(
    'search_list_of_wastes',
    {
      title: 'Search the List of Wastes',
      description:
        'Use to browse the List of Wastes by words, chapter or hazard (e.g. every hazardous entry of chapter 17), when choosing between codes yourself. To classify a description, use classify_waste instead. Costs no monthly quota.',
      inputSchema: SearchListOfWastesInput,
      annotations: { ...READ_ONLY, openWorldHint: false },
    },
    (query: z.infer<typeof SearchListOfWastesInput>, extra: ToolExtra) =>
      answer<{ count: number; codes: EwcEntry[] }>(
        () => apiFor(extra).call('GET', '/v1/ewc-codes', { query }),
        ewcListSummary,
      ),
  );

  registerConsignmentTools(server, apiFor);
  return server;
}
