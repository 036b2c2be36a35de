import { setUpAdmin } from '../../lib/background/admin.ts';
import { setUpAdvanced } from '../../lib/background/advanced.ts';
import { setUpCoreHandlers } from '../../lib/background/core.ts';
import { setUpDocuments } from '../../lib/background/document-handlers.ts';
import { setUpGlossaryHandlers } from '../../lib/background/glossary-handlers.ts';
import { setUpMenusAndCommands } from '../../lib/background/menus.ts';
import { setUpPage } from '../../lib/background/page.ts';
import { setUpSelection } from '../../lib/background/selection.ts';
import { setUpWriting } from '../../lib/background/writing.ts';

// Wiring only: every listener is registered synchronously at start, as MV3 service workers require.
export default defineBackground(() => {
  setUpCoreHandlers();
  setUpDocuments();
  setUpAdmin();
  setUpGlossaryHandlers();
  setUpWriting();
  setUpSelection();
  setUpPage();
  setUpAdvanced();
  setUpMenusAndCommands();
});
