import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { WasteTransferNote } from '../../src/wtn/wtn-schemas.ts';
import type { WtnApp } from './wtn-app.ts';

// A real 1x1 PNG, as a canvas would send one (much smaller).
export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** What a person reads on the page: the text of <main> and the banner, tags dropped, entities decoded. */
export function text(body: string): string {
  return body
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<\/?(?:time|strong|span|code|a)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** A signer's phone, as far as app.inject goes: links made with the API, opened and posted to. */
export function signingClient(t: WtnApp) {
  return {
    async linkFor(
      reference: string,
      party: 'transferor' | 'transferee',
      options: { key?: string; expires_in_hours?: number } = {},
    ): Promise<string> {
      const { key = t.testKey, ...rest } = options;
      const res = await t.call(key, {
        method: 'POST',
        url: `/v1/wtn/${reference}/signing-links`,
        payload: { party, ...rest },
      });
      expect(res.statusCode).toBe(201);
      return new URL((res.json() as { url: string }).url).pathname;
    },
    open(path: string): Promise<LightMyRequestResponse> {
      return t.app.inject({ method: 'GET', url: path });
    },
    sign(path: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
      return t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    },
    async noteOf(reference: string, key = t.testKey): Promise<WasteTransferNote> {
      return (await t.get(`/v1/wtn/${reference}`, key)).json() as WasteTransferNote;
    },
  };
}
