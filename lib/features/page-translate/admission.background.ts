import { SpendingHeldError } from '../spending/background.ts';
import type { ChargeInput } from '../spending/guard.ts';
import type { Admission, AdmitPart } from './queue/index.ts';

/** Counts characters with the spending guard, or throws SpendingHeldError; resolves to their refund. */
export type Charge = (input: ChargeInput) => Promise<(chars: number) => void>;

/**
 * The spending guard's answer for a request of page text about to leave. Texts of the document the
 * person asked to translate are credited (only the daily limit applies); every other text in the same
 * request (a frame's, another document's) counts against the site and tab, so a frame's text cannot ride
 * on the person's command. One refusal refuses the whole request, and nothing of it is counted.
 */
export async function admitPageText(
  parts: readonly AdmitPart[],
  input: Omit<ChargeInput, 'chars' | 'credited'>,
  isCredited: (requester: { tabId: number; id: string }) => boolean,
  charge: Charge,
): Promise<Admission> {
  const credited = parts.map((part) => part.requesters.some(isCredited));
  const sum = (which: boolean) => parts.reduce((n, part, i) => n + (credited[i] === which ? part.chars : 0), 0);
  const nothing = () => {};
  try {
    const others = sum(false) > 0 ? await charge({ ...input, chars: sum(false) }) : nothing;
    const asked =
      sum(true) > 0
        ? await charge({ ...input, chars: sum(true), credited: true }).catch((e: unknown) => {
            others(sum(false));
            throw e;
          })
        : nothing;
    return { refunds: credited.map((c) => (c ? asked : others)) };
  } catch (e) {
    if (!(e instanceof SpendingHeldError)) throw e;
    return { refused: { code: 'held', message: e.message } };
  }
}
