import { z } from 'zod';
import { defineMessage } from '../../messaging/define.ts';

/** The person's answer to "Open in Verso's reader": this once, always on this site, always. */
export const ReaderChoice = z.enum(['once', 'site', 'always']);
export type ReaderChoice = z.infer<typeof ReaderChoice>;

const PdfUrl = z
  .string()
  .max(8000)
  .regex(/^(https?|file):\/\//i, 'Not a PDF address');

export const pdfMessages = {
  /** From the offer card on a PDF in the browser's viewer: open the sender's tab's PDF in the reader. */
  'pdf.open': defineMessage<null>()('content', z.object({ choice: ReaderChoice })),
  /** From the reader: the browser's own viewer for this PDF, once (no offer, no redirect back). */
  'pdf.back': defineMessage<null>()('pages', z.object({ url: PdfUrl })),
  /** From the popup (Firefox, where no content script runs in the PDF viewer): the tab's PDF in the reader. */
  'pdf.openTab': defineMessage<{ opened: boolean }>()('pages', z.object({ tabId: z.number().int() })),
};
