import { notFound } from '../http/errors.ts';

/** Style rule lists per account (docs/local-service.md "Style rule lists"), seeded for the paid account. */

export type ConfiguredRules = Record<string, Record<string, string>>;

export interface CustomInstruction {
  id: string;
  label: string;
  prompt: string;
  source_language?: string;
}

export interface StyleRuleList {
  style_id: string;
  name: string;
  language: string;
  /** Grows by one with every change of the list. */
  version: number;
  creation_time: string;
  updated_time: string;
  configured_rules: ConfiguredRules;
  custom_instructions: CustomInstruction[];
}

/** Fixed ids of the seeded lists, so scripts and end-to-end tests can name them. */
export const SEEDED_STYLE_IDS = {
  houseStyle: '00000000-0000-4000-8000-00000000e001',
  hausstil: '00000000-0000-4000-8000-00000000e002',
} as const;

function seed(now: string): StyleRuleList[] {
  const base = { version: 1, creation_time: now, updated_time: now };
  return [
    {
      ...base,
      style_id: SEEDED_STYLE_IDS.houseStyle,
      name: 'House style',
      language: 'en',
      configured_rules: {
        dates_and_times: { time_format: 'use_24_hour_clock' },
        punctuation: { quotation_marks: 'use_double_quotation_marks' },
      },
      custom_instructions: [
        {
          id: '00000000-0000-4000-8000-00000000e101',
          label: 'Product name',
          prompt: 'Never translate the product name Verso.',
        },
      ],
    },
    {
      ...base,
      style_id: SEEDED_STYLE_IDS.hausstil,
      name: 'Hausstil',
      language: 'de',
      configured_rules: { style_and_tone: { formality: 'use_formal_address' } },
      custom_instructions: [
        {
          id: '00000000-0000-4000-8000-00000000e201',
          label: 'Anrede',
          prompt: 'Sprich die Leser immer mit "Sie" an.',
          source_language: 'en',
        },
      ],
    },
  ];
}

export interface StyleRuleListRef {
  style_id: string;
  language: string;
}

/** Every account's style rule lists, by account and id; back to the seed after a reset. */
export class StyleRuleStore {
  private lists: Map<string, Map<string, StyleRuleList>>;

  constructor(private readonly now: () => Date) {
    this.lists = this.seeded();
  }

  private seeded(): Map<string, Map<string, StyleRuleList>> {
    return new Map([['paid', new Map(seed(this.now().toISOString()).map((l) => [l.style_id, l]))]]);
  }

  reset(): void {
    this.lists = this.seeded();
  }

  /** The account's lists, created empty on first use. */
  listsOf(accountId: string): Map<string, StyleRuleList> {
    let lists = this.lists.get(accountId);
    if (!lists) {
      lists = new Map();
      this.lists.set(accountId, lists);
    }
    return lists;
  }

  /** The account's list, or a 404 ServiceError. */
  find(accountId: string, styleId: string): StyleRuleList {
    const list = this.listsOf(accountId).get(styleId);
    if (!list) throw notFound(`Style rule list '${styleId}' not found`);
    return list;
  }

  /** What /v2/translate needs of the account's list, or a 404 ServiceError. */
  ref(accountId: string, styleId: string): StyleRuleListRef {
    const list = this.find(accountId, styleId);
    return { style_id: list.style_id, language: list.language };
  }

  /** Records a change: bumps the version and the update time. */
  touch(list: StyleRuleList): void {
    list.version += 1;
    list.updated_time = this.now().toISOString();
  }
}
