// The scripted person of the writing benchmark (writing.ts): the email they type and how they type it.

/** A business email of about `chars` characters, with the misspellings people make. */
export function email(chars: number): string {
  const sentences = [
    'Hi Anna,',
    '\n\nThank you for your message from Tuesday and for the notes on the new contract.',
    ' I did not recieve the invoice for the March order yet, could you send it again ?',
    ' Our finance team needs it before the end of the month, becuase the books close on Friday.',
    '\n\nWe read the draft agreement with our lawyer last week.',
    ' Most of it is fine, but the clause on payment terms is definately too strict for us.',
    ' Could we agree on thirty days instead of fourteen, as in the previous contract?',
    ' We would also like the delivery adress to be the warehouse in Leeds, not the head office.',
    '\n\nThe samples arrived on Monday and the team was very happy with them.',
    ' One of the boxes was damaged on the way, so I attach a few photos for your insurer.',
    ' Nothing inside was broken, and we do not need a new shipment for now.',
    '\n\nFor the meeting next month, I suggest that we meet in your office in Bristol.',
    ' Tuesday or Wednesday would work best for us, untill the afternoon.',
    ' Please let me know wich day suits you, and I will book the train tickets.',
    ' If it is neccessary, we can also bring our project manager and the designer.',
    '\n\nFinally, thank you again for your patience with the seperate orders in January.',
    ' We know it made more work for thier team, and we will plan better this year.',
    ' I will call you tommorow morning to talk about the open points.',
    '\n\nBest regards,\nTom Fletcher\nPurchasing, Harbour Supplies Ltd',
  ];
  let text = '';
  for (let round = 0; text.length < chars; round++) {
    for (const s of sentences) {
      if (text.length >= chars) break;
      // Later rounds read as a follow-up mail, so no sentence repeats word for word.
      text += round === 0 ? s : s.replace(/([.?!,])$/, ` (again, part ${round + 1})$1`);
    }
  }
  return text;
}

/** One step of the scripted person: a key, or a pause. */
export type Step = { key: string } | { pauseMs: number };

/**
 * How a person types the text: at `cps` keys a second, a slip fixed with Backspace about every 150
 * characters, a pause of 1.2 to 2.5 s after each sentence and a longer one between paragraphs, and now
 * and then a short hesitation inside a sentence (0.3 to 1.2 s).
 */
export function typist(text: string): Step[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const steps: Step[] = [];
  let sinceSlip = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (/[a-z]/.test(ch) && sinceSlip > 120 && random() < 0.05) {
      steps.push({ key: String.fromCharCode(97 + Math.floor(random() * 26)) }, { key: 'Backspace' });
      sinceSlip = 0;
    }
    steps.push({ key: ch === '\n' ? 'Enter' : ch });
    sinceSlip++;
    const next = text[i + 1];
    if (/[.?!]/.test(ch) && (next === ' ' || next === '\n' || next === undefined)) {
      steps.push({ pauseMs: next === '\n' ? 2500 + random() * 1500 : 1200 + random() * 1300 });
    } else if (ch === ' ' && random() < 0.04) {
      steps.push({ pauseMs: 300 + random() * 900 });
    }
  }
  return steps;
}
