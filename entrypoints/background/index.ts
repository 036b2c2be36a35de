import { setUpBoot } from '../../lib/background/boot.ts';
import { setUpCoreHandlers, setUpStorageAccess } from '../../lib/background/core.ts';
import { setUpMenusAndCommands } from '../../lib/background/menus.ts';
import { setUpAdmin } from '../../lib/features/admin/background.ts';
import { setUpConnection } from '../../lib/features/connection/background.ts';
import { setUpData } from '../../lib/features/data/background.ts';
import { setUpDocuments } from '../../lib/features/documents/background.ts';
import { setUpGlossaries } from '../../lib/features/glossaries/background.ts';
import { setUpHistory } from '../../lib/features/history/background.ts';
import { setUpLanguages } from '../../lib/features/languages/background.ts';
import { setUpPage } from '../../lib/features/page-translate/background.ts';
import { setUpPdf } from '../../lib/features/pdf/background.ts';
import { setUpQuickTranslate } from '../../lib/features/quick-translate/background.ts';
import { setUpSelection } from '../../lib/features/selection/background.ts';
import { setUpShortcuts } from '../../lib/features/shortcuts/background.ts';
import { setUpSidePanel } from '../../lib/features/sidepanel/background.ts';
import { setUpSpending } from '../../lib/features/spending/background.ts';
import { setUpTranslateOffer } from '../../lib/features/translate-offer/background.ts';
import { setUpTranslationControls } from '../../lib/features/translation-controls/background.ts';
import { setUpVideo } from '../../lib/features/video/background.ts';
import { setUpWriting } from '../../lib/features/writing/background.ts';

// Wiring only: every listener is registered synchronously at start, as MV3 service workers require.
// Storage access comes first: content scripts lose storage.local before anything is stored.
export default defineBackground(() => {
  setUpStorageAccess();
  setUpCoreHandlers();
  setUpBoot();
  setUpSpending();
  setUpConnection();
  setUpDocuments();
  setUpAdmin();
  setUpGlossaries();
  setUpWriting();
  setUpSelection();
  setUpQuickTranslate();
  setUpLanguages();
  setUpPage();
  setUpPdf();
  setUpTranslationControls();
  setUpShortcuts();
  setUpTranslateOffer();
  setUpData();
  setUpVideo();
  setUpHistory();
  setUpSidePanel();
  setUpMenusAndCommands();
});
