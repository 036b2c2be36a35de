import { useComputed } from '@preact/signals';
import type { CheckModel } from '../../lib/features/writing/check-model.ts';
import type { WritingModel } from '../../lib/features/writing/model.ts';
import type { TypeTranslateModel } from '../../lib/features/writing/type-translate-model.ts';
import type { UnderlineLayer } from '../../lib/features/writing/underlines.ts';
import { TypingLayer } from './TypingLayer.tsx';
import { WritingButton } from './WritingButton.tsx';
import { WritingPanel } from './WritingPanel.tsx';

export interface TypingParts {
  check: CheckModel;
  layer: UnderlineLayer;
  translate: TypeTranslateModel;
}

/**
 * Everything writing help shows in a page: the round button and the panel, and beside them (a root of
 * its own, so moving the button does not redraw the underlines) what checking as you type shows.
 */
export function WritingRoot({ model, typing }: { model: WritingModel; typing?: TypingParts }) {
  return (
    <>
      <ButtonAndPanel model={model} />
      {typing && (
        <div class="vw-root">
          <TypingLayer check={typing.check} layer={typing.layer} translate={typing.translate} anchor={model.anchor} />
        </div>
      )}
    </>
  );
}

function ButtonAndPanel({ model }: { model: WritingModel }) {
  // Renders when the button comes or goes, not when it moves (WritingButton follows the anchor itself).
  const placed = useComputed(() => model.anchor.value !== null).value;
  const open = model.panelOpen.value;
  return (
    <div class="vw-root">
      {placed && model.buttonVisible.value && (
        <WritingButton
          anchor={model.anchor}
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
      {placed && open && <PanelAt model={model} />}
    </div>
  );
}

/** The open panel, placed by the field's box. */
function PanelAt({ model }: { model: WritingModel }) {
  const anchor = model.anchor.value;
  return anchor && <WritingPanel model={model} anchor={anchor} />;
}
