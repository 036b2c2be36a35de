import type { MarkupOptions } from '../markup.ts';

/** A document opened for translation: its translatable texts and how to put the translations back. */
export interface OpenedDocument {
  /** Texts to translate, in document order. */
  texts: string[];
  /** Set when the texts carry inline markup that must be kept. */
  tagHandling?: MarkupOptions;
  /** The texts are fragments of sentences (docx runs): their initial case must stay as it is. */
  preserveFormatting?: boolean;
  /**
   * The translated file, from the translations of `texts` in the same order; `outputExtension` is the
   * input's own extension (or its alias) or one of the format's `conversions`.
   */
  build(translated: readonly string[], targetLang: string, outputExtension: string): Uint8Array | Promise<Uint8Array>;
}

export interface DocumentFormat {
  /** Canonical extension first, then its aliases (`html`, `htm`). */
  extensions: readonly string[];
  contentType: string;
  /** Billed at least this many characters (docs/contract.md §D6). */
  minimumCharacters: number;
  /** Other formats the result may be written in (`output_format`), with their content types: pdf -> docx. */
  conversions?: Readonly<Record<string, string>>;
  /** Reads the file; throws a 400 ServiceError when it is malformed or of an unsupported version. */
  open(bytes: Uint8Array): OpenedDocument | Promise<OpenedDocument>;
}
