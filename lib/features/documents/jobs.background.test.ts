import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serviceForTests } from '../../../service/testing/vitest.ts';
import { ApiClient } from '../../api/index.ts';
import { AppDB, type DocumentJobRecord } from '../../db/index.ts';
import { DocumentJobs, type DocumentJobsDeps, uploadTimeoutMs } from './jobs.background.ts';

const svc = serviceForTests();
let db: AppDB;
let clock: number;
let finished: DocumentJobRecord[];
let alarms: Array<number | undefined>;
let timers: number[];
/** The browser's downloads as `downloads.search` would report them. */
let downloads: Map<number, 'in_progress' | 'complete' | 'interrupted'>;

let dbCounter = 0;
beforeEach(async () => {
  db = new AppDB(`document-jobs-test-${++dbCounter}`);
  clock = 1_000_000;
  finished = [];
  alarms = [];
  timers = [];
  downloads = new Map();
});
afterEach(() => db.delete());

const serviceLog = (prefix: string) => svc.control.requests(prefix);

/** A fresh DocumentJobs over the same database: what a restarted service worker builds. */
function jobsService(overrides: Partial<DocumentJobsDeps> = {}) {
  return new DocumentJobs({
    db,
    scope: async () => 'scope-a',
    client: async (options) => new ApiClient({ apiKey: svc.options.paidKey, serverUrl: svc.url, ...options }),
    onFinished: (job) => {
      finished.push(job);
    },
    // Timers are recorded, not run: the test drives each round itself.
    setTimer: (_run, ms) => {
      timers.push(ms);
      return () => {};
    },
    armAlarm: (when) => {
      alarms.push(when);
    },
    now: () => clock,
    downloadState: async (id) => downloads.get(id),
    ...overrides,
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Lets service time pass and the poll clock move on, one round at a time, until the job settles. The
 * service's steps run on its own timers, which a busy machine delays: the test's time limit bounds the
 * rounds, not a count of them.
 */
async function pollUntilSettled(jobs: DocumentJobs, id: string): Promise<DocumentJobRecord> {
  for (;;) {
    await sleep(60);
    clock += 30_000;
    await jobs.tick();
    const job = await db.documentJobs.get(id);
    if (job && job.state !== 'queued' && job.state !== 'translating') return job;
  }
}

const text = (s: string) => new TextEncoder().encode(s);
const META = { fileName: 'notes.txt', size: 0, targetLang: 'de' };

describe('DocumentJobs', () => {
  it('uploads, keeps the document_key in Dexie, polls to done, notifies once and downloads once', async () => {
    const jobs = jobsService();
    const job = await jobs.upload({ ...META, sourceLang: 'en' }, text('Hello world.\nSecond line.'));
    expect(job).toMatchObject({
      fileName: 'notes.txt',
      targetLang: 'de',
      sourceLang: 'en',
      state: 'queued',
      scope: 'scope-a',
    });
    expect(job.document_key).toMatch(/^[0-9A-F]{64}$/);
    expect(await db.documentJobs.get(job.document_id)).toEqual(job);
    // First poll one second after the upload, and the restart safety net armed for it.
    expect(timers).toEqual([1000]);
    expect(alarms).toEqual([clock + 1000]);

    const done = await pollUntilSettled(jobs, job.document_id);
    expect(done.state).toBe('done');
    expect(done.billedCharacters).toBe('Hello world.\nSecond line.'.length);
    expect(finished.map((j) => j.state)).toEqual(['done']);
    // Nothing left to poll: the alarm is cleared.
    expect(alarms.at(-1)).toBeUndefined();

    const file = await jobs.download(job.document_id);
    expect(file.fileName).toBe('notes.de.txt');
    expect(new TextDecoder().decode(file.bytes)).not.toBe('Hello world.\nSecond line.');
    // Not downloaded until the browser has the file on disk; the bytes are kept meanwhile.
    expect((await db.documentJobs.get(job.document_id))?.state).toBe('done');
    expect((await db.documentResults.get(job.document_id))?.bytes).toEqual(file.bytes);
    downloads.set(7, 'complete');
    await jobs.saving(job.document_id, 7);
    expect((await db.documentJobs.get(job.document_id))?.state).toBe('downloaded');
    expect(await db.documentResults.get(job.document_id)).toBeUndefined();

    // The service deleted it: the next attempt is its 404, explained.
    await expect(jobs.download(job.document_id)).rejects.toMatchObject({
      code: 'document_gone',
      message: expect.stringContaining('upload the file again'),
    });
    const results = await serviceLog(`/v2/document/${job.document_id}/result`);
    expect(results.map((r) => r.status)).toEqual([200, 404]);
    expect(finished).toHaveLength(1);
  });

  it('keeps the result through a refused or interrupted save and a restart, and serves it again without the service', async () => {
    const jobs = jobsService();
    const job = await jobs.upload(META, text('Keep me.'));
    await pollUntilSettled(jobs, job.document_id);
    const first = await jobs.download(job.document_id);

    // The page never got to save it (the browser refused the name, the page closed): nothing reported.
    const restarted = jobsService();
    await restarted.settleDownloads();
    expect((await restarted.download(job.document_id)).bytes).toEqual(first.bytes);

    // A save that is interrupted, reported while the worker runs.
    downloads.set(1, 'in_progress');
    await restarted.saving(job.document_id, 1);
    expect((await db.documentJobs.get(job.document_id))?.downloadId).toBe(1);
    await restarted.downloadEnded(1, 'interrupted');
    expect(await db.documentJobs.get(job.document_id)).toMatchObject({ state: 'done' });
    expect((await db.documentJobs.get(job.document_id))?.downloadId).toBeUndefined();

    // A save that completed while the worker was stopped is settled at start.
    const again = await restarted.download(job.document_id);
    expect(again).toEqual(first);
    downloads.set(2, 'in_progress');
    await restarted.saving(job.document_id, 2);
    downloads.set(2, 'complete');
    await jobsService().settleDownloads();
    expect((await db.documentJobs.get(job.document_id))?.state).toBe('downloaded');
    expect(await db.documentResults.count()).toBe(0);
    // One download from the service for four reads of the file.
    expect((await serviceLog(`/v2/document/${job.document_id}/result`)).map((r) => r.status)).toEqual([200]);
  });

  it("names the file by the requested format whatever the service's Content-Disposition says", async () => {
    const jobs = jobsService();
    const job = await jobs.upload(META, text('Named.'));
    await svc.control.addFaults([{ path: `/v2/document/${job.document_id}/result`, resultName: 'evil.exe' }]);
    await pollUntilSettled(jobs, job.document_id);
    expect((await jobs.download(job.document_id)).fileName).toBe('notes.de.txt');
  });

  it('picks up an active job after a restart, from Dexie alone', async () => {
    await svc.control.setConfig({ documentStepMs: 300 });
    const before = jobsService();
    const job = await before.upload(META, text('Survives a restart.'));
    before.stop();

    const after = jobsService();
    await after.tick();
    expect((await serviceLog(`/v2/document/${job.document_id}`)).length).toBeGreaterThan(0);
    const done = await pollUntilSettled(after, job.document_id);
    expect(done.state).toBe('done');
    expect(finished).toHaveLength(1);
  });

  it('reports the service error of a document that failed', async () => {
    await svc.control.addFaults([{ documentError: 'The document is damaged' }]);
    const jobs = jobsService();
    const job = await jobs.upload(META, text('Broken.'));
    const failed = await pollUntilSettled(jobs, job.document_id);
    expect(failed).toMatchObject({ state: 'error', error: 'The document is damaged' });
    expect(finished.map((j) => j.error)).toEqual(['The document is damaged']);
    await expect(jobs.download(job.document_id)).rejects.toThrow('The document is damaged');
  });

  it('backs off and keeps polling while the service fails for a while', async () => {
    const jobs = jobsService();
    const job = await jobs.upload(META, text('Patience.'));
    await svc.control.addFaults([{ path: `/v2/document/${job.document_id}`, status: 503, count: 3 }]);
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      clock += 60_000;
      timers = [];
      await jobs.tick();
      delays.push(timers[0] ?? -1);
    }
    // One request per round (no retries inside a round), and longer waits each time.
    expect((await serviceLog(`/v2/document/${job.document_id}`)).map((r) => r.status)).toEqual([503, 503, 503]);
    expect(delays).toEqual([1500, 2250, 3375]);
    expect((await pollUntilSettled(jobs, job.document_id)).state).toBe('done');
  });

  it('ends a job the service no longer knows (it restarted) with an explanation', async () => {
    const jobs = jobsService();
    const job = await jobs.upload(META, text('Lost.'));
    await svc.control.reset();
    const lost = await pollUntilSettled(jobs, job.document_id);
    expect(lost.state).toBe('error');
    expect(lost.error).toMatch(/no longer knows/);
  });

  it('lists and polls only the current account, and removes only finished jobs', async () => {
    const jobs = jobsService();
    const mine = await jobs.upload(META, text('Mine.'));
    const other = { ...mine, document_id: 'OTHER', scope: 'scope-b' };
    await db.documentJobs.put(other);
    expect((await jobs.list()).map((j) => j.document_id)).toEqual([mine.document_id]);
    await expect(jobs.download('OTHER')).rejects.toMatchObject({ code: 'not_found' });
    await expect(jobs.download(mine.document_id)).rejects.toMatchObject({ code: 'not_ready' });
    await expect(jobs.remove(mine.document_id)).rejects.toMatchObject({ code: 'invalid_request' });
    await pollUntilSettled(jobs, mine.document_id);
    await jobs.download(mine.document_id);
    // Not yet on disk: the job keeps its result and cannot be removed.
    await expect(jobs.remove(mine.document_id)).rejects.toMatchObject({ code: 'invalid_request' });
    downloads.set(3, 'complete');
    await jobs.saving(mine.document_id, 3);
    await jobs.remove(mine.document_id);
    expect(await jobs.list()).toEqual([]);
    expect(await db.documentJobs.get('OTHER')).toBeDefined();
  });

  it('passes the options to the service and refuses what it refuses, with its message', async () => {
    const jobs = jobsService();
    await expect(jobs.upload({ ...META, fileName: 'slides.pptx' }, text('x'))).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('pptx'),
    });
    expect(await jobs.list()).toEqual([]);
    const plain = await jobs.upload({ ...META, sourceLang: 'en' }, text('Could you send me the report?'));
    const formal = await jobs.upload(
      { ...META, sourceLang: 'en', formality: 'more' },
      text('Could you send me the report?'),
    );
    await pollUntilSettled(jobs, plain.document_id);
    await pollUntilSettled(jobs, formal.document_id);
    const decode = async (id: string) => new TextDecoder().decode((await jobs.download(id)).bytes);
    // The pseudo-translation shows formality visibly (docs/local-service.md).
    expect(await decode(formal.document_id)).not.toBe(await decode(plain.document_id));
  });

  it('gives large uploads more time', () => {
    expect(uploadTimeoutMs(1000)).toBe(16_000);
    expect(uploadTimeoutMs(30 * 1024 * 1024)).toBe(135_000);
  });
});
