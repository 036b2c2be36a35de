import { useEffect } from 'preact/hooks';
import { followTheme } from '../../lib/ui/theme.ts';
import { DocumentsLink } from '../documents/DocumentsLink.tsx';
import { PageTranslatePanel } from '../page-translate/PageTranslatePanel.tsx';
import { PdfPopupButton } from '../pdf/PdfPopupButton.tsx';
import { QuickTranslatePanel } from '../quick-translate/QuickTranslatePanel.tsx';
import { ShortcutsSummary } from '../shortcuts/ShortcutsList.tsx';
import { OpenSidePanelButton } from '../sidepanel/OpenSidePanelButton.tsx';
import { SpendingBanner } from '../spending/SpendingBanner.tsx';
import { useModel } from '../ui/use-model.ts';
import { UsageMeter } from '../usage/UsageMeter.tsx';
import { VideoPopupButton } from '../video/VideoPopupButton.tsx';
import { createPopupModels } from './models.ts';
import { PopupHeader } from './PopupHeader.tsx';

/**
 * The toolbar popup: a column of small panels, each given its model (created here, see models.ts). Add
 * a panel where its comment says, so the popup reads top to bottom: this page, any text, the account.
 */
export function PopupApp() {
  const models = useModel(createPopupModels);
  useEffect(() => followTheme(), []);
  return (
    <div class="popup">
      <PopupHeader />
      <SpendingBanner model={models.spending} />
      <PageTranslatePanel model={models.page} />
      {/* Firefox's PDF viewer runs no extension script: the reader is opened from here. */}
      {import.meta.env.FIREFOX && <PdfPopupButton model={models.pdf} />}
      <QuickTranslatePanel model={models.quick} />
      {/* Usage meter panel goes here. */}
      <UsageMeter model={models.usage} offerSettings />
      <DocumentsLink />
      <VideoPopupButton model={models.video} />
      <OpenSidePanelButton />
      <ShortcutsSummary model={models.shortcuts} />
    </div>
  );
}
