export { type ClientOptions, WasteComplianceClient } from './client.ts';
export {
  type ErrorCode,
  type ErrorDetail,
  WcsApiError,
  WcsAuthenticationError,
  WcsConflictError,
  WcsConnectionError,
  WcsError,
  WcsInvalidRequestError,
  WcsNotFoundError,
  WcsRateLimitError,
  WcsServerError,
  WcsTimeoutError,
  WcsUnprocessableError,
} from './errors.ts';
export type { components, operations, paths } from './openapi.ts';
export type { RetryEvent } from './retry.ts';
export type {
  CallOptions,
  CarrierWatch,
  ClassifyWasteRequest,
  ClassifyWasteResult,
  CreateOptions,
  Event,
  GenerateWtnRequest,
  ListWtnsQuery,
  Page,
  Query,
  RequestBody,
  Result,
  Site,
  VerifyCarrierRequest,
  VerifyCarrierResult,
  WasteReceipt,
  WasteTransferNote,
  WebhookDelivery,
  WebhookEndpoint,
} from './types.ts';
export {
  type VerifyWebhookOptions,
  verifyWebhookSignature,
  WcsWebhookSignatureError,
  type WebhookSignatureFailure,
} from './webhook-signature.ts';
