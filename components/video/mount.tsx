import { render } from 'preact';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { createShadowRootUi, type ShadowRootContentScriptUi } from 'wxt/utils/content-script-ui/shadow-root';
import { markOwnHost } from '../../lib/dom/own-ui.ts';
import type { VideoModel } from '../../lib/features/video/model.ts';
import { VIDEO_CSS } from './styles.ts';
import { VideoControl, type VideoControlProps } from './VideoControl.tsx';

export type VideoUi = ShadowRootContentScriptUi<HTMLElement> & { rerender(fileError?: string): void };

/** Space between the video's corner and the control, in CSS pixels. */
const INSET = 8;

/**
 * Mounts the control in a closed shadow root just after the video (next in the Tab order to the
 * player), over the video's top start corner: the host is placed where the video's box is, in the
 * same positioned ancestor, and follows it when it is resized.
 */
export async function mountVideoUi(
  ctx: ContentScriptContext,
  video: HTMLVideoElement,
  model: VideoModel,
  onFile: VideoControlProps['onFile'],
): Promise<VideoUi> {
  let container: HTMLElement | undefined;
  let host: HTMLElement | undefined;
  const place = () => {
    if (!host) return;
    // Custom properties: the host's own styles (`all: initial` first) would override an inline `top`.
    host.style.setProperty('--vs-top', `${video.offsetTop + INSET}px`);
    host.style.setProperty('--vs-left', `${video.offsetLeft + INSET}px`);
  };
  const draw = (fileError?: string) => {
    if (container) render(<VideoControl model={model} onFile={onFile} fileError={fileError} />, container);
  };
  const resized = new ResizeObserver(place);
  const ui = await createShadowRootUi<HTMLElement>(ctx, {
    name: 'verso-video',
    position: 'inline',
    anchor: video,
    append: 'after',
    css: VIDEO_CSS,
    // Closed: the page cannot read or rewrite Verso's UI through the host (docs/security.md).
    mode: 'closed',
    isolateEvents: true,
    onMount(root, _shadow, shadowHost) {
      markOwnHost(shadowHost);
      container = root;
      host = shadowHost;
      draw();
      place();
      resized.observe(video);
      return root;
    },
    onRemove(root) {
      resized.disconnect();
      if (root) render(null, root);
    },
  });
  ui.mount();
  return Object.assign(ui, { rerender: draw });
}
