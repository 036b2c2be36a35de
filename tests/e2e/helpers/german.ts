/** Pseudo-translation of the local service into German (docs/local-service.md): a->ä, o->ö, u->ü. */
export const toGerman = (text: string) =>
  text
    .replace(/[aou]/g, (c) => ({ a: 'ä', o: 'ö', u: 'ü' })[c] ?? c)
    .replace(/[AOU]/g, (c) => ({ A: 'Ä', O: 'Ö', U: 'Ü' })[c] ?? c);
