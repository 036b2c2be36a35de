import { setUpCoreHandlers } from '../../lib/background/core.ts';
import { setUpMenusAndCommands } from '../../lib/background/menus.ts';

// Wiring only: every listener is registered synchronously at start, as MV3 service workers require.
export default defineBackground(() => {
  setUpCoreHandlers();
  setUpMenusAndCommands();
});
