import { notFound } from '../http/errors.ts';
import type { ServiceState } from '../state.ts';

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

type Store = Map<string, Map<string, StyleRuleList>>;
const stores = new WeakMap<ServiceState, Store>();

function seeded(state: ServiceState): Store {
  const now = state.now().toISOString();
  return new Map([['paid', new Map(seed(now).map((l) => [l.style_id, l]))]]);
}

function store(state: ServiceState): Store {
  let current = stores.get(state);
  if (!current) {
    current = seeded(state);
    stores.set(state, current);
    state.onReset(() => stores.set(state, seeded(state)));
  }
  return current;
}

/** The account's lists, created empty on first use. */
export function listsOf(state: ServiceState, accountId: string): Map<string, StyleRuleList> {
  const all = store(state);
  let lists = all.get(accountId);
  if (!lists) {
    lists = new Map();
    all.set(accountId, lists);
  }
  return lists;
}

export function findList(state: ServiceState, accountId: string, styleId: string): StyleRuleList {
  const list = listsOf(state, accountId).get(styleId);
  if (!list) throw notFound(`Style rule list '${styleId}' not found`);
  return list;
}

/** Records a change: bumps the version and the update time. */
export function touch(state: ServiceState, list: StyleRuleList): void {
  list.version += 1;
  list.updated_time = state.now().toISOString();
}
