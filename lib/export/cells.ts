/**
 * Cells a spreadsheet would run as a formula: one that starts with `=`, `+`, `-` or `@`, or with a tab
 * or carriage return (which some programs skip before looking for one). Their text comes from people
 * or from the service, so a file Verso writes must not carry `=cmd|' /C calc'!A0` as a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The cell as text a spreadsheet shows and does not evaluate: a leading `'` before a formula start (the
 * OWASP advice, and what Papa Parse's `escapeFormulae` does), anything else unchanged. Used by every
 * CSV and TSV export (usage analytics, glossary dictionaries).
 */
export function spreadsheetSafe(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
