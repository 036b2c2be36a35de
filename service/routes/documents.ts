import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { hasFeature, sourceLanguage, targetLanguage } from '../data/languages.ts';
import { detectSource } from '../engine/detect.ts';
import { type DocumentFormat, formatFor, type OpenedDocument } from '../engine/documents/index.ts';
import { type DocumentJob, startJob, waitingForDownload } from '../engine/documents/jobs.ts';
import { segmentMarkup } from '../engine/markup.ts';
import { FORMALITIES, type Formality, resolveFormality } from '../engine/translate.ts';
import { readParams } from '../http/body.ts';
import type { App, AppEnv } from '../http/env.ts';
import { badRequest, forbidden, notFound, ServiceError, tooLarge } from '../http/errors.ts';
import type { ServiceState } from '../stores/state.ts';

/** Document translation: upload, status, download (docs/contract.md §D3). */

const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;
const MAX_WAITING_DOWNLOADS = 10;
/** Language detection needs a sample, not a whole book. */
const DETECTION_SAMPLE = 20_000;

type Fields = Record<string, string | File | (string | File)[]>;

function field(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw badRequest(`Parameter '${name}' must be a single text field`);
  return value;
}

async function readUpload(c: Context<AppEnv>): Promise<{ fields: Fields; file: File }> {
  const declared = Number(c.req.header('content-length') ?? 'NaN');
  if (declared > MAX_UPLOAD_BYTES) throw tooLarge(`The upload exceeds ${MAX_UPLOAD_BYTES} bytes`);
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw badRequest('A document upload must be multipart/form-data');
  let fields: Fields;
  try {
    fields = await c.req.parseBody();
  } catch {
    throw badRequest('The multipart body could not be read');
  }
  if ('auth_key' in fields) throw forbidden('Authentication through the request body is not allowed');
  const file = fields.file;
  if (!(file instanceof File)) throw badRequest("Parameter 'file' is required and must be a file part");
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(`The document exceeds ${MAX_UPLOAD_BYTES} bytes`);
  return { fields, file };
}

function splitName(fileName: string): { stem: string; ext: string } {
  const dot = fileName.lastIndexOf('.');
  return dot > 0
    ? { stem: fileName.slice(0, dot), ext: fileName.slice(dot + 1).toLowerCase() }
    : { stem: fileName, ext: '' };
}

/**
 * The extension and content type of the result: the input's own, an alias of it (htm/html, xlf/xliff), or
 * a conversion the format declares (pdf -> docx, the one the contract names).
 */
function outputOf(
  format: DocumentFormat,
  inputExt: string,
  requested: string | undefined,
): { extension: string; contentType: string } {
  const wanted = requested === undefined ? inputExt : requested.replace(/^\./, '').toLowerCase();
  if (format.extensions.includes(wanted)) return { extension: wanted, contentType: format.contentType };
  const conversions = format.conversions ?? {};
  if (Object.hasOwn(conversions, wanted)) return { extension: wanted, contentType: conversions[wanted] ?? '' };
  const allowed = [...format.extensions, ...Object.keys(format.conversions ?? {})];
  throw badRequest(
    `output_format '${requested}' is not supported for a ${inputExt} document`,
    `The local service translates a ${inputExt} document into ${allowed.join(' or ')} only`,
  );
}

function formality(value: string | undefined): Formality | undefined {
  if (value === undefined) return undefined;
  if (!(FORMALITIES as readonly string[]).includes(value))
    throw badRequest(`Parameter 'formality' must be one of ${FORMALITIES.join(', ')}`);
  return value as Formality;
}

function detectionSample(opened: OpenedDocument): string {
  const sample = opened.texts.join('\n').slice(0, DETECTION_SAMPLE);
  if (!opened.tagHandling) return sample;
  return segmentMarkup(sample, opened.tagHandling)
    .filter((s) => s.kind === 'text' && !s.verbatim)
    .map((s) => s.raw)
    .join(' ');
}

function newId(bytes: number): string {
  return randomBytes(bytes).toString('hex').toUpperCase();
}

/** `attachment; filename="..."`, with an RFC 5987 UTF-8 name beside an ASCII fallback when needed. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return ascii === name
    ? `attachment; filename="${name}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The caller's document, checked against its document_key (JSON or form body). */
async function ownedJob(c: Context<AppEnv>, state: ServiceState): Promise<DocumentJob> {
  const params = await readParams(c, 64 * 1024);
  const job = state.documents.jobs.get(c.req.param('id') ?? '');
  if (!job || job.accountId !== c.get('account').id) throw notFound('Document not found');
  if (typeof params.document_key !== 'string' || params.document_key === '')
    throw badRequest("Parameter 'document_key' is required");
  // The reference API answers a wrong key like an unknown id: 404 (it cannot tell them apart).
  if (params.document_key !== job.key) throw notFound('Document not found');
  return job;
}

export function register(app: App, state: ServiceState): void {
  app.post('/v2/document', async (c) => {
    const account = c.get('account');
    if (waitingForDownload(state, account.id) >= MAX_WAITING_DOWNLOADS)
      throw new ServiceError(
        429,
        `Too many translated documents are waiting for download (at most ${MAX_WAITING_DOWNLOADS}); download them first`,
        undefined,
        'too_many_documents',
      );
    const { fields, file } = await readUpload(c);
    const fileName = field(fields, 'filename') ?? file.name;
    const { stem, ext } = splitName(fileName);
    const format = formatFor(ext);

    const targetCode = field(fields, 'target_lang');
    if (!targetCode) throw badRequest("Parameter 'target_lang' is required");
    const target = targetLanguage(state, 'translate_document', targetCode);
    if (!target) throw badRequest(`Value for 'target_lang' not supported: '${targetCode}'`);
    const sourceCode = field(fields, 'source_lang');
    const source = sourceCode === undefined ? undefined : sourceLanguage(state, 'translate_document', sourceCode);
    if (sourceCode !== undefined && !source) throw badRequest(`Value for 'source_lang' not supported: '${sourceCode}'`);

    const wantedFormality = formality(field(fields, 'formality'));
    resolveFormality(state, 'translate_document', target.lang, wantedFormality);

    const glossaryId = field(fields, 'glossary_id');
    let glossary: Array<[string, string]> | undefined;
    if (glossaryId !== undefined) {
      if (!source) throw badRequest("A glossary needs 'source_lang': it cannot be used with a detected source");
      if (!hasFeature(source, 'glossary') || !hasFeature(target, 'glossary'))
        throw badRequest(`Glossaries are not supported for ${source.lang} -> ${target.lang}`);
      glossary = state.glossaries.entries(account.id, glossaryId, source.lang, target.lang);
    }
    const output = outputOf(format, ext, field(fields, 'output_format'));
    const opened = await format.open(new Uint8Array(await file.arrayBuffer()));

    const job: DocumentJob = {
      id: newId(16),
      key: newId(32),
      accountId: account.id,
      apiKey: c.get('key'),
      ...(c.get('reportingTag') ? { reportingTag: c.get('reportingTag') } : {}),
      resultName: `${stem}.${target.lang.toLowerCase()}.${output.extension}`,
      resultExtension: output.extension,
      resultContentType: output.contentType,
      format,
      opened,
      translation: {
        targetLang: target.lang,
        // One detection for the whole document, so every part is treated alike.
        sourceLang: source?.lang ?? detectSource(detectionSample(opened)),
        resource: 'translate_document',
        ...(wantedFormality ? { formality: wantedFormality } : {}),
        ...(glossary ? { glossary } : {}),
        ...(opened.tagHandling ? { tagHandling: opened.tagHandling } : {}),
        ...(opened.preserveFormatting ? { preserveFormatting: true } : {}),
      },
      status: 'queued',
    };
    const failWith = state.control.takeDocumentError();
    if (failWith !== undefined) job.failWith = failWith;
    startJob(state, job);
    return c.json({ document_id: job.id, document_key: job.key });
  });

  app.post('/v2/document/:id', async (c) => {
    const job = await ownedJob(c, state);
    const secondsRemaining =
      job.status === 'translating' && job.translatingUntil !== undefined
        ? Math.max(1, Math.ceil((job.translatingUntil - Date.now()) / 1000))
        : undefined;
    return c.json({
      document_id: job.id,
      status: job.status,
      ...(secondsRemaining !== undefined ? { seconds_remaining: secondsRemaining } : {}),
      ...(job.status === 'done' ? { billed_characters: job.billedCharacters } : {}),
      // The reference schema names the reason error_message, its examples message: both are sent.
      ...(job.status === 'error' ? { error_message: job.errorMessage, message: job.errorMessage } : {}),
    });
  });

  app.post('/v2/document/:id/result', async (c) => {
    const job = await ownedJob(c, state);
    // Anything but done (queued, translating, error) is 503, as in the reference API; the reason of an
    // error is in the status answer.
    if (job.status !== 'done' || !job.result)
      throw new ServiceError(503, 'Document translation is not done', `status: ${job.status}`, 'document_not_ready');
    // Downloading deletes source and translation: any later request about this id is a 404.
    state.documents.jobs.delete(job.id);
    c.header('Content-Type', job.resultContentType);
    c.header('Content-Disposition', contentDisposition(state.control.takeResultName(c.req.path) ?? job.resultName));
    return c.body(job.result.slice().buffer as ArrayBuffer, 200);
  });
}
