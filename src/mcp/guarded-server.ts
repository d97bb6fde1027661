import { McpServer, type RegisteredTool, type ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AnySchema, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ErrorDetail } from '../platform/errors.ts';
import { argumentsShapeProblem, issueProblems, kindOf } from './argument-problems.ts';
import { callToolDirectly, isPlainToolCall } from './direct-tool-call.ts';
import { invalidArgumentsResult } from './tool-results.ts';

/** registerTool's config, as the SDK declares it. */
interface ToolConfig<I, O> {
  title?: string;
  description?: string;
  inputSchema?: I;
  outputSchema?: O;
  annotations?: ToolAnnotations;
  _meta?: Record<string, unknown>;
}

/**
 * An McpServer that judges a tools/call's `name` and `arguments` itself, in words, before the SDK sees
 * them. Left to the SDK, a `name` or `arguments` of the wrong type fails its request schema and is
 * answered -32603 "Internal error" with zod's dump, and an argument of the wrong type is an `isError`
 * result in zod's words ("expected number, received string at limit"). Here:
 *
 * - no `name`, or one that is not text: JSON-RPC -32602 Invalid params. No tool was named, so there is
 *   no tool to answer for; MCP (2025-11-25, Tools: Error Handling) makes a request that does not fit
 *   CallToolRequest a protocol error, and only a client's bug sends one.
 * - `arguments` that are not an object (a list, null, text): an `isError` result naming `arguments`,
 *   which an assistant can read and correct, as docs/mcp.md promises.
 * - arguments that do not fit the tool's input schema: an `isError` result naming each field.
 *
 * A plain call of a registered tool whose arguments fit (nothing but `name` and `arguments`) is then run
 * directly with the arguments parsed here (direct-tool-call.ts); everything else (an unknown tool
 * among them) goes on to the SDK unchanged.
 */
export class GuardedMcpServer extends McpServer {
  readonly #tools = new Map<
    string,
    { input: z.ZodType; callback: ToolCallback<never>; registered: RegisteredTool }
  >();

  override registerTool<
    O extends ZodRawShapeCompat | AnySchema,
    I extends undefined | ZodRawShapeCompat | AnySchema = undefined,
  >(name: string, config: ToolConfig<I, O>, cb: ToolCallback<I>): RegisteredTool {
    const registered = super.registerTool(name, config, cb);
    if (config.inputSchema instanceof z.ZodType) {
      this.#tools.set(name, { input: config.inputSchema, callback: cb as ToolCallback<never>, registered });
    }
    return registered;
  }

  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      if ((message as { method?: unknown }).method !== 'tools/call' || !isJSONRPCRequest(message)) {
        return deliver?.(message, extra);
      }
      const judged = this.#judge(message);
      if (judged === undefined) return deliver?.(message, extra);
      if ('refusal' in judged) {
        transport
          .send(judged.refusal, { relatedRequestId: message.id })
          .catch((error: Error) => this.server.onerror?.(error));
        return;
      }
      callToolDirectly(this.server, transport, message, judged.callback, judged.args, extra?.authInfo);
    };
  }

  /** A refusal, a call to run directly, or undefined for the SDK to handle. */
  #judge(
    request: JSONRPCRequest,
  ): { refusal: JSONRPCMessage } | { callback: ToolCallback<never>; args: unknown } | undefined {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const { name, arguments: args } = params;
    if (typeof name !== 'string') {
      const was = name === undefined ? 'it is missing' : `it is ${kindOf(name)}`;
      const message = `Invalid params: tools/call needs params.name, the name of a tool as text (tools/list lists them); ${was}.`;
      return {
        refusal: { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InvalidParams, message } },
      };
    }
    const shape = argumentsShapeProblem(args);
    if (shape) return this.#refused(request, name, [shape]);
    const tool = this.#tools.get(name);
    if (!tool) return undefined;
    const given = (args ?? {}) as Record<string, unknown>;
    const parsed = tool.input.safeParse(given);
    if (!parsed.success) return this.#refused(request, name, issueProblems(parsed.error.issues, given));
    if (!tool.registered.enabled || !isPlainToolCall(request)) return undefined;
    return { callback: tool.callback, args: parsed.data };
  }

  #refused(request: JSONRPCRequest, name: string, details: ErrorDetail[]): { refusal: JSONRPCMessage } {
    return { refusal: { jsonrpc: '2.0', id: request.id, result: invalidArgumentsResult(name, details) } };
  }
}
