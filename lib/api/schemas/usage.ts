import { z } from 'zod';

export const ProductUsage = z.looseObject({
  product_type: z.string().optional(),
  billing_unit: z.string().optional(),
  api_key_unit_count: z.number().optional(),
  account_unit_count: z.number().optional(),
});
export type ProductUsage = z.infer<typeof ProductUsage>;

/** `GET /v2/usage` (docs/contract.md §4.8, §D5). Paid-only fields are optional. */
export const Usage = z.looseObject({
  character_count: z.number(),
  character_limit: z.number(),
  api_key_character_count: z.number().optional(),
  api_key_character_limit: z.number().nullable().optional(),
  start_time: z.string().optional(),
  end_time: z.string().optional(),
  speech_to_text_milliseconds_count: z.number().optional(),
  speech_to_text_milliseconds_limit: z.number().nullable().optional(),
  products: z.array(ProductUsage).optional(),
});
export type Usage = z.infer<typeof Usage>;
