/**
 * Set-up of the extension's unit tests, which share a worker between files (vitest.config.ts): every
 * file finds the same fake IndexedDB, whatever ran before it. Dexie takes `indexedDB` once, when it is
 * first imported, and a file with a DOM environment takes the DOM's globals away when it ends.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';

if (!('indexedDB' in globalThis)) Object.assign(globalThis, { indexedDB, IDBKeyRange });
Dexie.dependencies.indexedDB = indexedDB;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;
