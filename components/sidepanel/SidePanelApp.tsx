import { useEffect } from 'preact/hooks';
import { followTheme } from '../../lib/ui/theme.ts';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { PageTranslatePanel } from '../page-translate/PageTranslatePanel.tsx';
import { QuickTranslatePanel } from '../quick-translate/QuickTranslatePanel.tsx';
import { useModel } from '../ui/use-model.ts';
import { createSidePanelModels } from './models.ts';
import { SelectionSection } from './SelectionSection.tsx';
import { WritingSection } from './WritingSection.tsx';
import './sidepanel.css';

/**
 * The side panel (Firefox: the sidebar), open beside the page: this page's translation, its selection,
 * any text, writing help and the history. Translations made here go into the history as they come back.
 */
export function SidePanelApp() {
  const models = useModel(createSidePanelModels);
  useEffect(() => followTheme(), []);
  const { quick, panel, history } = models;
  // A translation made here is in the history when its answer comes: show it.
  useEffect(() => {
    if (quick.result.value || panel.selectionResult.value) void history.load();
  }, [quick.result.value, panel.selectionResult.value, history]);
  return (
    <main class="sidepanel">
      <h1>Verso</h1>
      <PageTranslatePanel key={models.page.value} model={models.page.value} />
      <SelectionSection model={panel} targetLang={quick.targetLang.value} />
      <QuickTranslatePanel model={quick} />
      <WritingSection model={panel} />
      <HistoryPanel model={history} onAgain={(entry) => models.again(entry)} />
    </main>
  );
}
