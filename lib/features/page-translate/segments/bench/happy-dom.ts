/** `npx tsx lib/features/page-translate/segments/bench/happy-dom.ts`: the bench in happy-dom, much slower than a browser's DOM. */
import { Window } from 'happy-dom';
import { runBench } from './run.ts';

const window = new Window();
const lines = await runBench(window.document as unknown as Document, () => new Promise((r) => setImmediate(r)));
for (const line of lines) console.log(line);
await window.happyDOM.close();
