/** Text as HTML text content: `&`, `<` and `>` escaped (quotes need no escape outside attributes). */
export const escapeText = (text: string): string =>
  text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
