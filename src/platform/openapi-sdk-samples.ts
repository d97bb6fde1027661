import type { SampleRequest } from './openapi-code-samples.ts';

/**
 * The SDK (packages/sdk) method behind each operation. Every method takes the path parameters in the
 * order the path names them, then the body, or the query when there is no body (packages/sdk/README.md).
 * An operation missing here is written with `wcs.api`, the typed client under the methods; a test
 * holds this table to the SDK's own source and type-checks every sample against it.
 */
export const SDK_METHODS: Record<string, string> = {
  getAccount: 'account.get',
  getUsage: 'account.usage',
  verifyCarrier: 'carriers.verify',
  verifyCarrierBatch: 'carriers.verifyBatch',
  classifyWaste: 'waste.classify',
  listEwcCodes: 'waste.listCodes',
  getEwcCode: 'waste.getCode',
  generateWtn: 'notes.create',
  listWtns: 'notes.list',
  getWtn: 'notes.get',
  getWtnPdf: 'notes.pdf',
  signWtn: 'notes.sign',
  createWtnSigningLink: 'notes.createSigningLink',
  logWtnTransfer: 'notes.logTransfer',
  createSite: 'sites.create',
  listSites: 'sites.list',
  getSite: 'sites.get',
  updateSite: 'sites.update',
  archiveSite: 'sites.archive',
  createWasteReceipt: 'receipts.create',
  listWasteReceipts: 'receipts.list',
  getWasteReceipt: 'receipts.get',
  correctWasteReceipt: 'receipts.correct',
  resolveWasteReceipt: 'receipts.resolve',
  createConsignmentNote: 'consignmentNotes.create',
  listConsignmentNotes: 'consignmentNotes.list',
  getConsignmentNote: 'consignmentNotes.get',
  getConsignmentNotePdf: 'consignmentNotes.pdf',
  signConsignmentNote: 'consignmentNotes.sign',
  createConsignmentSigningLink: 'consignmentNotes.createSigningLink',
  getConsigneeReturn: 'consigneeReturns.get',
  createWebhookEndpoint: 'webhookEndpoints.create',
  listWebhookEndpoints: 'webhookEndpoints.list',
  getWebhookEndpoint: 'webhookEndpoints.get',
  updateWebhookEndpoint: 'webhookEndpoints.update',
  deleteWebhookEndpoint: 'webhookEndpoints.delete',
  rotateWebhookSecret: 'webhookEndpoints.rotateSecret',
  testWebhookEndpoint: 'webhookEndpoints.test',
  listWebhookDeliveries: 'webhookEndpoints.listDeliveries',
  getWebhookDelivery: 'webhookEndpoints.getDelivery',
  redeliverWebhook: 'webhookEndpoints.redeliver',
  listEvents: 'events.list',
  getEvent: 'events.get',
  createCarrierWatch: 'carrierWatches.create',
  listCarrierWatches: 'carrierWatches.list',
  getCarrierWatch: 'carrierWatches.get',
  updateCarrierWatch: 'carrierWatches.update',
  deleteCarrierWatch: 'carrierWatches.delete',
};

const OPENING = `import { WasteComplianceClient } from 'waste-compliance-sdk';

const wcs = new WasteComplianceClient(); // WCS_API_KEY (and WCS_BASE_URL) from the environment`;

/** The request as an SDK call: an ES module for Node.js (top-level await), valid as TypeScript too. */
export function sdkCall(request: SampleRequest): string {
  const method = SDK_METHODS[request.operationId];
  const call = method ? `wcs.${method}(${methodArguments(request)})` : apiCall(request);
  if (request.download) {
    const file = `${request.pathParams.at(-1)?.[1] ?? 'download'}.${request.download}`;
    return `import { writeFile } from 'node:fs/promises';\n${OPENING}\nawait writeFile(${literal(file)}, await ${call});\n`;
  }
  if (method) return `${OPENING}\nconst result = await ${call};\nconsole.log(result);\n`;
  return `${OPENING}\nconst { data, error } = await ${call};\nconsole.log(error ?? data);\n`;
}

function methodArguments(request: SampleRequest): string {
  const args = request.pathParams.map(([, value]) => literal(value));
  if (request.body !== undefined) args.push(literal(request.body));
  else if (request.query.length > 0) args.push(literal(Object.fromEntries(request.query)));
  return args.join(', ');
}

/** `wcs.api.POST('/v1/…', { params, body })`: openapi-fetch, typed by the same document. */
function apiCall(request: SampleRequest): string {
  const params: Record<string, unknown> = {};
  if (request.pathParams.length > 0) params.path = Object.fromEntries(request.pathParams);
  if (request.query.length > 0) params.query = Object.fromEntries(request.query);
  const init: Record<string, unknown> = {};
  if (Object.keys(params).length > 0) init.params = params;
  if (request.body !== undefined) init.body = request.body;
  const rest = Object.keys(init).length > 0 ? `, ${literal(init)}` : '';
  return `wcs.api.${request.method}(${literal(request.template)}${rest})`;
}

/** A value as JavaScript source in the SDK README's style: unquoted keys, single-quoted strings. */
export function literal(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${literal(item, inner)},`).join('\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const fields = entries.map(([key, item]) => `${inner}${propertyName(key)}: ${literal(item, inner)},`);
    return `{\n${fields.join('\n')}\n${indent}}`;
  }
  if (typeof value === 'string') {
    return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
  }
  return JSON.stringify(value);
}

function propertyName(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : literal(key);
}
