import type { Page } from '@playwright/test';

/** The documents page's entry for the job of `fileName`. */
export const jobItem = (page: Page, fileName: string) => page.getByRole('listitem').filter({ hasText: fileName });
