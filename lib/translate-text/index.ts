/**
 * Translating a few texts (a selection, the popup's text, a typed sentence) in one job: packed within the
 * contract's limits, the source detected once, the pair's glossary applied (README.md). The worker's
 * wiring of a job to the one parameter resolver is deps.background.ts, imported by handlers directly.
 */
export { mainLanguage, runTextJob, type TextJob, type TextJobDeps, type TextJobResult } from './job.ts';
