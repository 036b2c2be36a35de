import { type Catalogue, seedCatalogue } from '../data/languages.ts';

/** This instance's language catalogue: the seed, plus what tests added (`/__control/languages`). */
export class LanguageStore {
  catalogue: Catalogue = seedCatalogue();

  reset(): void {
    this.catalogue = seedCatalogue();
  }
}
