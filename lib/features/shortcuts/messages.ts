import { z } from 'zod';
import { defineMessage } from '../../messaging/define.ts';

export const shortcutsMessages = {
  /**
   * Opens the browser's own page for extension shortcuts. Pages cannot link to it (chrome:// and
   * about: addresses do not open from a link), and the popup closes as soon as a tab opens, so the
   * worker opens it.
   */
  'shortcuts.openSettings': defineMessage<{ opened: boolean }>()('pages', z.object({}).optional()),
};
