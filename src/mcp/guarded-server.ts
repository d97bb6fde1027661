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
import { argumentProblems, argumentsShapeProblem, kindOf } from './argument-problems.ts';
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
 * Everything else (an unknown tool among them) goes on to the SDK unchanged.
 */
export class GuardedMcpServer extends McpServer {
  readonly #inputs = new Map<string, z.ZodType>();

  override registerTool<
    O extends ZodRawShapeCompat | AnySchema,
    I extends undefined | ZodRawShapeCompat | AnySchema = undefined,
  >(name: string, config: ToolConfig<I, O>, cb: ToolCallback<I>): RegisteredTool {
    if (config.inputSchema instanceof z.ZodType) this.#inputs.set(name, config.inputSchema);
    return super.registerTool(name, config, cb);
  }

  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      const refusal =
        (message as { method?: unknown }).method === 'tools/call' && isJSONRPCRequest(message)
          ? this.#refusal(message)
          : undefined;
      if (!refusal) return deliver?.(message, extra);
      transport
        .send(refusal, { relatedRequestId: (message as JSONRPCRequest).id })
        .catch((error: Error) => this.server.onerror?.(error));
    };
  }

  #refusal(request: JSONRPCRequest): JSONRPCMessage | undefined {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const { name, arguments: args } = params;
    if (typeof name !== 'string') {
      const was = name === undefined ? 'it is missing' : `it is ${kindOf(name)}`;
      const message = `Invalid params: tools/call needs params.name, the name of a tool as text (tools/list lists them); ${was}.`;
      return { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InvalidParams, message } };
    }
    const shape = argumentsShapeProblem(args);
    const schema = this.#inputs.get(name);
    const details = shape
      ? [shape]
      : schema
        ? argumentProblems(schema, (args ?? {}) as Record<string, unknown>)
        : [];
    if (details.length === 0) return undefined;
    return { jsonrpc: '2.0', id: request.id, result: invalidArgumentsResult(name, details) };
  }
}
