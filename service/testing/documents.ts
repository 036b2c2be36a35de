import { strFromU8, strToU8 } from 'fflate';
import { expect } from 'vitest';
import { client } from './http.ts';
import type { RunningService } from './service.ts';

/** The document routes' calls for tests (docs/contract.md §D3), against `svc` as it runs at each call. */

export interface Handle {
  document_id: string;
  document_key: string;
}
export interface Status {
  document_id: string;
  status: string;
  seconds_remaining?: number;
  billed_characters?: number;
  error_message?: string;
  message?: string;
}

export function documentCalls(svc: RunningService) {
  const call = client(svc).call;

  async function upload(
    file: { name: string; content: string | Uint8Array },
    fields: Record<string, string>,
    key = svc.options.paidKey,
  ): Promise<{ status: number; body: Handle & { message?: string; detail?: string } }> {
    const form = new FormData();
    const bytes = typeof file.content === 'string' ? strToU8(file.content) : file.content;
    form.append('file', new Blob([bytes.slice().buffer as ArrayBuffer]), file.name);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${svc.url}/v2/document`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${key}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  }

  const status = (h: Handle, key?: string) =>
    call<Status>('POST', `/v2/document/${h.document_id}`, {
      json: { document_key: h.document_key },
      ...(key ? { key } : {}),
    });

  /**
   * Takes the document steps off the clock for one test: they wait in a list until the test runs the next
   * one. Answers that list's controls; `restore` puts the timers back.
   */
  function stepsByHand() {
    const pending: Array<() => void> = [];
    const timers = svc.state.later;
    svc.state.later = (_ms, run) => {
      pending.push(run);
      return () => {
        const i = pending.indexOf(run);
        if (i >= 0) pending.splice(i, 1);
      };
    };
    return {
      pending: () => pending.length,
      next() {
        const run = pending.shift();
        if (!run) throw new Error('no document step is waiting');
        run();
      },
      restore: () => {
        svc.state.later = timers;
      },
    };
  }

  /** Polls until the document is done or failed; the test's time limit, not a number of tries, bounds it. */
  async function waitUntilFinished(h: Handle): Promise<Status> {
    for (;;) {
      const res = await status(h);
      if (res.body.status === 'done' || res.body.status === 'error') return res.body;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async function download(h: Handle): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
    const res = await fetch(`${svc.url}/v2/document/${h.document_id}/result`, {
      method: 'POST',
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ document_key: h.document_key }),
    });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  async function translateFile(name: string, content: string | Uint8Array, fields: Record<string, string>) {
    const up = await upload({ name, content }, fields);
    expect(up.status).toBe(200);
    const finished = await waitUntilFinished(up.body);
    expect(finished.status).toBe('done');
    const result = await download(up.body);
    expect(result.status).toBe(200);
    return { ...result, handle: up.body, finished, text: strFromU8(result.bytes) };
  }

  return { upload, status, stepsByHand, waitUntilFinished, download, translateFile };
}
