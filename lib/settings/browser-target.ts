/**
 * The target language a fresh install starts with: the browser's own language as a target code, with
 * the variant its region reads for English and Portuguese (en-GB, pt-BR) and the script for Chinese
 * (zh-Hant); `en-US` when the browser's language is not a language code. The person changes it in the
 * options or any picker; this is only where they start.
 */
export function targetForLocale(locale: string): string {
  const [base = 'en', ...rest] = locale.trim().replace(/_/g, '-').toLowerCase().split('-');
  const region = rest.find((part) => part.length === 2) ?? '';
  switch (base) {
    case 'en':
      return ['gb', 'ie', 'au', 'nz', 'za', 'in'].includes(region) ? 'en-GB' : 'en-US';
    case 'pt':
      return region === 'br' ? 'pt-BR' : 'pt-PT';
    case 'zh':
      return rest.includes('hant') || ['tw', 'hk', 'mo'].includes(region) ? 'zh-Hant' : 'zh-Hans';
    case 'nn':
    case 'no':
      return 'nb';
    default:
      return /^[a-z]{2,3}$/.test(base) ? base : 'en-US';
  }
}
