import { useEffect } from 'preact/hooks';
import { followTheme } from '../../lib/ui/theme.ts';
import { DocumentsLink } from '../documents/DocumentsLink.tsx';
import { PageTranslatePanel } from '../page-translate/PageTranslatePanel.tsx';
import { QuickTranslatePanel } from '../quick-translate/QuickTranslatePanel.tsx';
import { UsageMeter } from '../usage/UsageMeter.tsx';
import { PopupHeader } from './PopupHeader.tsx';

/**
 * The toolbar popup: a column of small panels, each owning its own state. Add a panel where its
 * comment says, so the popup reads top to bottom: this page, any text, the account.
 */
export function PopupApp() {
  useEffect(() => followTheme(), []);
  return (
    <div class="popup">
      <PopupHeader />
      <PageTranslatePanel />
      <QuickTranslatePanel />
      {/* Usage meter panel goes here. */}
      <UsageMeter />
      <DocumentsLink />
    </div>
  );
}
