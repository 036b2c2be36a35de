import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../api/status.ts';
import type { ErrorInfo } from '../messaging/result.ts';
import { describeError, NO_KEY_MESSAGE } from './describe-error.ts';

const error = (code: string, over: Partial<ErrorInfo> = {}): ErrorInfo =>
  ({ name: 'ApiError', code, message: '', ...over }) as ErrorInfo;

describe('describeError', () => {
  // Every feature retries 429, 5xx, timeouts and network failures itself (lib/api/retry.ts, lib/features/page-translate/queue)
  // and shows the error only once those retries are used up: the words must not promise more.
  it('words the errors left after retrying as something the person does next', () => {
    for (const code of ['too_many_requests', 'server', 'timeout', 'network']) {
      const text = describeError(error(code));
      expect(text, code).not.toMatch(/Verso will retry/i);
      expect(text, code).toMatch(/Try again|Check/);
    }
    expect(describeError(error('too_many_requests'))).toBe(
      'The service is busy (too many requests). Try again in a moment.',
    );
  });

  it("keeps the service's own message and status for support", () => {
    expect(describeError(error('server', { status: 503, message: 'Injected fault: status 503' }))).toBe(
      'The service had a problem. Try again in a moment. (503: Injected fault: status 503)',
    );
  });

  it('words a 529 answer as too many requests, as the reference API means it', () => {
    const answer = { status: 529, headers: new Headers(), bytes: new Uint8Array() };
    const info = errorFromResponse(answer).toJSON();
    expect(info).toMatchObject({ code: 'too_many_requests', status: 529 });
    expect(describeError(info)).toBe(
      'The service is busy (too many requests). Try again in a moment. (529: Too many requests (HTTP 529))',
    );
  });

  it('no key at all reads "No key yet", not a refusal; a key the service refused still does', () => {
    const noKey = 'No key yet: enter your API key in Verso options, under Connection.';
    expect(describeError(error('auth', { name: 'MissingKeyError', message: NO_KEY_MESSAGE }))).toBe(noKey);
    // The page queue keeps only code and message.
    expect(describeError({ name: 'QueueError', code: 'auth', message: NO_KEY_MESSAGE })).toBe(noKey);
    expect(describeError(error('auth', { status: 403, message: 'Forbidden' }))).toBe(
      'The service refused the key. Check the API key in Verso options. (403: Forbidden)',
    );
  });
});
