import { z } from 'zod';
import { LanguageCode } from '../../api/language-code.ts';
import { defineMessage } from '../../messaging/define.ts';

/** What the page is offered: its language, the target, and whether it is a site a rule can name. */
export interface Offer {
  /** The page's language, a lower-case base code. */
  lang: string;
  targetLang: string;
  /** False for pages off the web (file:), where "Never for this site" has no site to name. */
  site: boolean;
}

export const OfferChoice = z.enum(['translate', 'always', 'never-site']);
export type OfferChoice = z.infer<typeof OfferChoice>;

export const translateOfferMessages = {
  /**
   * A page (top frame) says what language it declares, or gives a sample of its text: the worker decides
   * whether to offer translating it, or starts at once for a language always translated. Nothing reaches
   * the translation service and nothing is billed.
   */
  'offer.check': defineMessage<{ offer?: Offer }>()(
    'content',
    z.object({ declared: z.string().max(40).optional(), sample: z.string().max(4000).optional() }),
  ),
  /** The person's answer to the offer; the site is the sender's tab's. */
  'offer.answer': defineMessage<null>()('content', z.object({ choice: OfferChoice, lang: LanguageCode })),
};
