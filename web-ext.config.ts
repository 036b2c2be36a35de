import { defineWebExtConfig } from 'wxt';

// `npm start` launches Chromium itself (scripts/start.mjs); WXT's runner is not used.
export default defineWebExtConfig({ disabled: true });
