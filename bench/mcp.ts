import type { BenchScenario } from './scenario.ts';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The same List of Wastes look-up as a REST call and as an MCP tool call, to show what MCP adds. */
export const scenarios: BenchScenario[] = [
  {
    name: 'GET /v1/ewc-codes/170504',
    async prepare(target) {
      const key = await target.newKey();
      return { method: 'GET', path: '/v1/ewc-codes/170504', headers: { authorization: `Bearer ${key}` } };
    },
  },
  {
    name: 'MCP tools/call look_up_ewc_code',
    async prepare(target) {
      const key = await target.newKey();
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'look_up_ewc_code', arguments: { code: '170504' } },
      });
      return {
        method: 'POST',
        path: '/mcp',
        headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` },
        body,
      };
    },
  },
  {
    name: 'MCP tools/list',
    async prepare(target) {
      const key = await target.newKey();
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      return {
        method: 'POST',
        path: '/mcp',
        headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` },
        body,
      };
    },
  },
];
