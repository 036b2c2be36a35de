import type { BrowserContext, Request } from '@playwright/test';

/** One request the extension started, as the browser saw it end. */
export interface Attempt {
  request: Request;
  /** The texts of a translate request (`text` of its JSON body); empty for other bodies. */
  texts: string[];
  /** The answer's status, or undefined when no answer came (refused, reset, abandoned). */
  status?: number;
}

function textsOf(request: Request): string[] {
  try {
    const body = request.postDataJSON() as { text?: unknown } | null;
    return Array.isArray(body?.text) ? body.text.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Every request the extension started towards `prefix`, answered or not: the browser's view, which
 * also counts the attempts a stopped service never saw, and sees only the answers that reached Verso.
 */
export function attemptsTo(context: BrowserContext, prefix: string) {
  const started: Request[] = [];
  const failed: Request[] = [];
  const ended: Promise<Attempt>[] = [];
  const matches = (r: Request) => r.url().startsWith(prefix);
  const onRequest = (r: Request) => void (matches(r) && started.push(r));
  const onFailed = (r: Request) => {
    if (!matches(r)) return;
    failed.push(r);
    ended.push(Promise.resolve({ request: r, texts: textsOf(r) }));
  };
  const onFinished = (r: Request) => {
    if (!matches(r)) return;
    ended.push(
      r.response().then((res) => ({ request: r, texts: textsOf(r), ...(res ? { status: res.status() } : {}) })),
    );
  };
  context.on('request', onRequest);
  context.on('requestfailed', onFailed);
  context.on('requestfinished', onFinished);
  return {
    started,
    failed,
    /** The attempts that have ended so far, in the order they ended. */
    ended: () => Promise.all(ended),
    stop() {
      context.off('request', onRequest);
      context.off('requestfailed', onFailed);
      context.off('requestfinished', onFinished);
    },
  };
}
