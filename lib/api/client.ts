import { z } from 'zod';
import {
  buildCorrectBody,
  buildRephraseBody,
  buildTranslateBody,
  dictionaryBody,
  glossaryBody,
  instructionBody,
  styleRuleBody,
} from './body.ts';
import { filenameFromContentDisposition } from './content-disposition.ts';
import { ApiCore, type CallOptions, segment } from './core.ts';
import { ApiError } from './errors.ts';
import {
  checkAnalyticsRange,
  checkAnswerLength,
  checkAnswerLengths,
  checkCorrect,
  checkCreateGlossary,
  checkDocument,
  checkKeyLimits,
  checkPatchGlossary,
  checkRephrase,
  checkTranslate,
  invalidRequest,
} from './limits.ts';
import {
  type AnalyticsParams,
  AnalyticsResponse,
  type ConfiguredRules,
  type CorrectParams,
  type CreateGlossaryParams,
  type CreateStyleRuleParams,
  CustomInstruction,
  type CustomInstructionInput,
  type CustomTagAnalyticsParams,
  CustomTagAnalyticsResponse,
  type CustomTagPage,
  DeveloperKey,
  DeveloperKeyList,
  type DictionaryInput,
  DictionarySummary,
  DocumentHandle,
  DocumentStatus,
  type DownloadedDocument,
  type GetLanguagesOptions,
  Glossary,
  GlossaryEntriesResponse,
  GlossaryLanguagePairs,
  GlossaryList,
  type KeyLimits,
  LanguageList,
  type LanguagePair,
  type LanguageResource,
  LanguageV2List,
  type PatchGlossaryParams,
  type PatchStyleRuleParams,
  type RephraseParams,
  ResourceList,
  StyleRuleList,
  StyleRuleLists,
  TranslateResponse,
  TranslationMemoryList,
  type TranslationResult,
  type UploadDocumentParams,
  Usage,
  WriteResponse,
} from './schemas/index.ts';
import type { TranslateParams } from './translate-params.ts';

/** Every endpoint of the contract, each as: build params, check limits, send, check status, parse. */
export class ApiClient extends ApiCore {
  // --- Text translation (docs/contract.md §4.1) ---

  /** Throws if any answer is refused (see `translateEach`). */
  async translate(params: TranslateParams, options: CallOptions = {}): Promise<TranslationResult[]> {
    const results = await this.translateEach(params, options);
    const refused = results.find((r) => r instanceof ApiError);
    if (refused) throw refused;
    return results as TranslationResult[];
  }

  /**
   * Each text's translation, or in its place the refusal of an answer out of proportion to its text
   * (`checkAnswerLength`, lib/api/limits.ts): every feature's text answers pass here, and the page
   * queue fails only the segments refused, not the whole request.
   */
  async translateEach(
    params: TranslateParams,
    { signal }: CallOptions = {},
  ): Promise<(TranslationResult | ApiError)[]> {
    const body = buildTranslateBody(params);
    checkTranslate(params, body);
    const res = await this.call({ method: 'POST', path: '/v2/translate', json: body, signal }, TranslateResponse);
    if (res.translations.length !== params.text.length) {
      throw new ApiError({
        code: 'invalid_response',
        message: `Sent ${params.text.length} texts, got ${res.translations.length} translations`,
      });
    }
    return res.translations.map((r, i) => checkAnswerLength(params.text[i] ?? '', r.text) ?? r);
  }

  // --- Documents (docs/contract.md §4.2, §D3) ---

  async uploadDocument(params: UploadDocumentParams, { signal }: CallOptions = {}) {
    checkDocument(params);
    const form = new FormData();
    form.append('file', params.file, params.filename);
    form.append('target_lang', params.target_lang);
    for (const name of ['source_lang', 'output_format', 'formality', 'glossary_id'] as const) {
      const value = params[name];
      if (value) form.append(name, value);
    }
    return this.call({ method: 'POST', path: '/v2/document', form, signal }, DocumentHandle);
  }

  async getDocumentStatus(handle: DocumentHandle, { signal }: CallOptions = {}) {
    const path = `/v2/document/${segment(handle.document_id)}`;
    return this.call({ method: 'POST', path, json: { document_key: handle.document_key }, signal }, DocumentStatus);
  }

  /** The translated file. The service deletes it afterwards: a second download is a 404. */
  async downloadDocument(handle: DocumentHandle, { signal }: CallOptions = {}): Promise<DownloadedDocument> {
    const path = `/v2/document/${segment(handle.document_id)}/result`;
    const res = await this.send({ method: 'POST', path, json: { document_key: handle.document_key }, signal });
    const filename = filenameFromContentDisposition(res.headers.get('content-disposition'));
    const contentType = res.headers.get('content-type') ?? undefined;
    return { bytes: res.bytes, ...(filename ? { filename } : {}), ...(contentType ? { contentType } : {}) };
  }

  // --- Glossaries (docs/contract.md §4.3) ---

  async createGlossary(params: CreateGlossaryParams, { signal }: CallOptions = {}) {
    checkCreateGlossary(params);
    return this.call({ method: 'POST', path: '/v3/glossaries', json: glossaryBody(params), signal }, Glossary);
  }

  async listGlossaries({ signal }: CallOptions = {}) {
    return (await this.call({ method: 'GET', path: '/v3/glossaries', signal }, GlossaryList)).glossaries;
  }

  async getGlossary(glossaryId: string, { signal }: CallOptions = {}) {
    return this.call({ method: 'GET', path: `/v3/glossaries/${segment(glossaryId)}`, signal }, Glossary);
  }

  /** The entries of one dictionary, always TSV; the answer may wrap it in `dictionaries` or not. */
  async getGlossaryEntries(glossaryId: string, pair: LanguagePair, { signal }: CallOptions = {}) {
    const path = `/v3/glossaries/${segment(glossaryId)}/entries`;
    const res = await this.call({ method: 'GET', path, query: pairQuery(pair), signal }, GlossaryEntriesResponse);
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    const match = res.dictionaries.find(
      (d) => same(d.source_lang, pair.source_lang) && same(d.target_lang, pair.target_lang),
    );
    return match ?? res.dictionaries[0]!;
  }

  /** Creates the pair's dictionary or replaces it entirely. */
  async replaceDictionary(glossaryId: string, dictionary: DictionaryInput, { signal }: CallOptions = {}) {
    const path = `/v3/glossaries/${segment(glossaryId)}/dictionaries`;
    return this.call({ method: 'PUT', path, json: dictionaryBody(dictionary), signal }, DictionarySummary);
  }

  /** Renames and/or merges entries into one dictionary. */
  async patchGlossary(glossaryId: string, params: PatchGlossaryParams, { signal }: CallOptions = {}) {
    checkPatchGlossary(params);
    const path = `/v3/glossaries/${segment(glossaryId)}`;
    return this.call({ method: 'PATCH', path, json: glossaryBody(params), signal }, Glossary);
  }

  async deleteGlossary(glossaryId: string, { signal }: CallOptions = {}) {
    return this.callEmpty({ method: 'DELETE', path: `/v3/glossaries/${segment(glossaryId)}`, signal });
  }

  async deleteDictionary(glossaryId: string, pair: LanguagePair, { signal }: CallOptions = {}) {
    const path = `/v3/glossaries/${segment(glossaryId)}/dictionaries`;
    return this.callEmpty({ method: 'DELETE', path, query: pairQuery(pair), signal });
  }

  // --- Text improvement (docs/contract.md §4.5) ---

  async rephrase(params: RephraseParams, { signal }: CallOptions = {}) {
    const body = buildRephraseBody(params);
    checkRephrase(params, body);
    const { improvements } = await this.call(
      { method: 'POST', path: '/v2/write/rephrase', json: body, signal },
      WriteResponse,
    );
    checkAnswerLengths(
      params.text,
      improvements.map((i) => i.text),
    );
    return improvements;
  }

  async correct(params: CorrectParams, { signal }: CallOptions = {}) {
    const body = buildCorrectBody(params);
    checkCorrect(params, body);
    const { improvements } = await this.call(
      { method: 'POST', path: '/v2/write/correct', json: body, signal },
      WriteResponse,
    );
    checkAnswerLengths(
      params.text,
      improvements.map((i) => i.text),
    );
    return improvements;
  }

  // --- Languages (docs/contract.md §4.4) ---

  async getLanguages(resource: LanguageResource, options: GetLanguagesOptions & CallOptions = {}) {
    const include = [...(options.includeBeta ? ['beta'] : []), ...(options.includeExternal ? ['external'] : [])];
    const query = { resource, include };
    return this.call({ method: 'GET', path: '/v3/languages', query, signal: options.signal }, LanguageList);
  }

  async getLanguageResources({ signal }: CallOptions = {}) {
    return this.call({ method: 'GET', path: '/v3/languages/resources', signal }, ResourceList);
  }

  /** Deprecated endpoint; upper-case codes such as EN-US. */
  async getLanguagesV2(type: 'source' | 'target' = 'source', { signal }: CallOptions = {}) {
    return this.call({ method: 'GET', path: '/v2/languages', query: { type }, signal }, LanguageV2List);
  }

  /** Deprecated endpoint. */
  async getGlossaryLanguagePairs({ signal }: CallOptions = {}) {
    const res = await this.call({ method: 'GET', path: '/v2/glossary-language-pairs', signal }, GlossaryLanguagePairs);
    return res.supported_languages;
  }

  // --- Usage and translation memories (docs/contract.md §4.8) ---

  async getUsage({ signal }: CallOptions = {}) {
    return this.call({ method: 'GET', path: '/v2/usage', signal }, Usage);
  }

  async listTranslationMemories({ signal }: CallOptions = {}) {
    const res = await this.call({ method: 'GET', path: '/v3/translation_memories', signal }, TranslationMemoryList);
    return res.translation_memories;
  }

  // --- Style rule lists (docs/contract.md §4.8, docs/local-service.md) ---

  async listStyleRules({ signal }: CallOptions = {}) {
    return (await this.call({ method: 'GET', path: '/v3/style_rules', signal }, StyleRuleLists)).style_rules;
  }

  async createStyleRule(params: CreateStyleRuleParams, { signal }: CallOptions = {}) {
    if (!params.name || !params.language) throw invalidRequest('A style rule list needs a name and a language');
    return this.call({ method: 'POST', path: '/v3/style_rules', json: styleRuleBody(params), signal }, StyleRuleList);
  }

  async getStyleRule(styleId: string, { signal }: CallOptions = {}) {
    return this.call({ method: 'GET', path: `/v3/style_rules/${segment(styleId)}`, signal }, StyleRuleList);
  }

  async patchStyleRule(styleId: string, params: PatchStyleRuleParams, { signal }: CallOptions = {}) {
    const path = `/v3/style_rules/${segment(styleId)}`;
    return this.call({ method: 'PATCH', path, json: styleRuleBody(params), signal }, StyleRuleList);
  }

  async deleteStyleRule(styleId: string, { signal }: CallOptions = {}) {
    return this.callEmpty({ method: 'DELETE', path: `/v3/style_rules/${segment(styleId)}`, signal });
  }

  async replaceConfiguredRules(styleId: string, rules: ConfiguredRules, { signal }: CallOptions = {}) {
    const path = `/v3/style_rules/${segment(styleId)}/configured_rules`;
    return this.call({ method: 'PUT', path, json: rules, signal }, StyleRuleList);
  }

  /**
   * The reference API answers with the new instruction (its description) or with the whole updated list
   * (its guide); from a list, the instruction with the label and prompt sent is returned.
   */
  async createCustomInstruction(styleId: string, input: CustomInstructionInput, { signal }: CallOptions = {}) {
    const path = `/v3/style_rules/${segment(styleId)}/custom_instructions`;
    const res = await this.call({ method: 'POST', path, json: instructionBody(input), signal }, InstructionOrList);
    return instructionFrom(res, input);
  }

  async getCustomInstruction(styleId: string, instructionId: string, { signal }: CallOptions = {}) {
    const path = instructionPath(styleId, instructionId);
    return this.call({ method: 'GET', path, signal }, CustomInstruction);
  }

  async updateCustomInstruction(
    styleId: string,
    instructionId: string,
    input: CustomInstructionInput,
    { signal }: CallOptions = {},
  ) {
    const path = instructionPath(styleId, instructionId);
    const res = await this.call({ method: 'PUT', path, json: instructionBody(input), signal }, InstructionOrList);
    return instructionFrom(res, input, instructionId);
  }

  async deleteCustomInstruction(styleId: string, instructionId: string, { signal }: CallOptions = {}) {
    return this.callEmpty({ method: 'DELETE', path: instructionPath(styleId, instructionId), signal });
  }

  // --- Admin (docs/contract.md §4.6, §4.7): the client must hold an admin key ---

  async createDeveloperKey(params: { label?: string } = {}, { signal }: CallOptions = {}) {
    const json = params.label === undefined ? {} : { label: params.label };
    return this.call({ method: 'POST', path: '/v2/admin/developer-keys', json, signal }, DeveloperKey);
  }

  async listDeveloperKeys({ signal }: CallOptions = {}) {
    return this.call({ method: 'GET', path: '/v2/admin/developer-keys', signal }, DeveloperKeyList);
  }

  /** Permanent: a deactivated key never works again. */
  async deactivateDeveloperKey(keyId: string, { signal }: CallOptions = {}) {
    const json = { key_id: keyId };
    return this.call({ method: 'PUT', path: '/v2/admin/developer-keys/deactivate', json, signal }, DeveloperKey);
  }

  async renameDeveloperKey(keyId: string, label: string, { signal }: CallOptions = {}) {
    const json = { key_id: keyId, label };
    return this.call({ method: 'PUT', path: '/v2/admin/developer-keys/label', json, signal }, DeveloperKey);
  }

  async setDeveloperKeyLimits(keyId: string, limits: KeyLimits, { signal }: CallOptions = {}) {
    checkKeyLimits(limits);
    const json = {
      key_id: keyId,
      characters: limits.characters,
      speech_to_text_milliseconds: limits.speech_to_text_milliseconds,
    };
    return this.call({ method: 'PUT', path: '/v2/admin/developer-keys/limits', json, signal }, DeveloperKey);
  }

  async getAnalytics(params: AnalyticsParams, { signal }: CallOptions = {}) {
    checkAnalyticsRange(params);
    const query = { start_date: params.start_date, end_date: params.end_date, group_by: params.group_by };
    return (await this.call({ method: 'GET', path: '/v2/admin/analytics', query, signal }, AnalyticsResponse))
      .usage_report;
  }

  /** One page of usage by custom tag (the `custom_tag_usage_report`); pass `next_page` back as `page`. */
  async getCustomTagAnalytics(params: CustomTagAnalyticsParams, { signal }: CallOptions = {}): Promise<CustomTagPage> {
    checkAnalyticsRange(params);
    const query = {
      start_date: params.start_date,
      end_date: params.end_date,
      aggregate_by: params.aggregate_by,
      page: params.page,
    };
    const path = '/v2/admin/analytics/custom-tags';
    return (await this.call({ method: 'GET', path, query, signal }, CustomTagAnalyticsResponse))
      .custom_tag_usage_report;
  }

  /** Every page, following `next_page` until it is absent. */
  async *customTagAnalyticsPages(params: CustomTagAnalyticsParams, options: CallOptions = {}) {
    let page: number | undefined = params.page;
    for (;;) {
      const result: CustomTagPage = await this.getCustomTagAnalytics(
        page === undefined ? params : { ...params, page },
        options,
      );
      yield result;
      const next = result.next_page;
      if (next === undefined || next === null) return;
      // A service that points back at a page already read would make this loop forever.
      if (page !== undefined && next <= page) {
        throw new ApiError({ code: 'invalid_response', message: `next_page ${next} does not move past page ${page}` });
      }
      page = next;
    }
  }
}

const pairQuery = (pair: LanguagePair) => ({ source_lang: pair.source_lang, target_lang: pair.target_lang });

const InstructionOrList = z.union([CustomInstruction, StyleRuleList]);

/** The instruction itself, or from a whole list: the one named `id`, else the last with the label and prompt sent. */
function instructionFrom(
  res: z.output<typeof InstructionOrList>,
  input: CustomInstructionInput,
  id?: string,
): CustomInstruction {
  if (!('style_id' in res)) return res;
  const list = res.custom_instructions ?? [];
  const found =
    (id !== undefined ? list.find((i) => i.id === id) : undefined) ??
    list.findLast((i) => i.label === input.label && i.prompt === input.prompt);
  if (!found) {
    throw new ApiError({
      code: 'invalid_response',
      message: 'The style rule list in the answer does not hold the instruction sent',
    });
  }
  return found;
}

const instructionPath = (styleId: string, instructionId: string) =>
  `/v3/style_rules/${segment(styleId)}/custom_instructions/${segment(instructionId)}`;
