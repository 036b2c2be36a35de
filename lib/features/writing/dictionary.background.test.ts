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
});
