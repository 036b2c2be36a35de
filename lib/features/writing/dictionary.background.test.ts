import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDB } from '../../db/index.ts';
import { PersonalDictionary } from './dictionary.background.ts';

let counter = 0;
const dbs: AppDB[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function fresh(): PersonalDictionary {
  const db = new AppDB(`verso-dictionary-test-${++counter}`);
  dbs.push(db);
  return new PersonalDictionary(() => db);
}

describe('PersonalDictionary', () => {
  it('keeps words in the form they are compared in, once each, until removed', async () => {
    const dictionary = fresh();
    await dictionary.add('  Verso ');
    await dictionary.add('verso');
    await dictionary.add('Kubernetes');
    expect(await dictionary.list()).toEqual(['kubernetes', 'verso']);
    await dictionary.remove('VERSO');
    expect(await dictionary.list()).toEqual(['kubernetes']);
  });

  it('a word added from a private window stays in memory: not written, listed only to private windows', async () => {
    const db = new AppDB(`verso-dictionary-test-${++counter}`);
    dbs.push(db);
    const dictionary = new PersonalDictionary(() => db);
    await dictionary.add('Kubernetes');
    await dictionary.add('Zwiebelfisch', 5, { memoryOnly: true });
    expect(await db.dictionaryWords.toCollection().primaryKeys()).toEqual(['kubernetes']);
    expect(await dictionary.list()).toEqual(['kubernetes']);
    expect(await dictionary.list({ withPrivate: true })).toEqual(['kubernetes', 'zwiebelfisch']);
    await dictionary.remove('ZWIEBELFISCH');
    expect(await dictionary.list({ withPrivate: true })).toEqual(['kubernetes']);
  });
});
