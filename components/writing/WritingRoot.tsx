import type { WritingModel } from '../../lib/features/writing/model.ts';
import { WritingButton } from './WritingButton.tsx';
import { WritingPanel } from './WritingPanel.tsx';

/** Everything writing help shows in a page: the round button and, when opened, the panel. */
export function WritingRoot({ model }: { model: WritingModel }) {
  const anchor = model.anchor.value;
  const open = model.panelOpen.value;
  if (!anchor) return null;
  return (
    <div class="vw-root">
      {model.buttonVisible.value && (
        <WritingButton
          anchor={anchor}
          expanded={open}
          onActivate={() => {
            if (open) model.close();
            else void model.open();
          }}
          onTab={(event) => {
            // The button sits at the end of the page but belongs right after its field: back to the field,
            // and for Tab the browser's own move goes on from there to what follows the field.
            model.field.value?.element.focus({ preventScroll: true });
            if (event.shiftKey) event.preventDefault();
          }}
        />
      )}
      {open && <WritingPanel model={model} anchor={anchor} />}
    </div>
  );
}
