import type { PageView } from './messages.ts';

/**
 * Reports the view: at once when the phase, the view or the problem changes, otherwise (progress) at
 * most every `delayMs`, since a big page makes progress thousands of times.
 */
export class ViewEmitter {
  private last = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly onView: (view: PageView) => void,
    private readonly delayMs = 100,
  ) {}

  emit(view: () => PageView): void {
    const now = view();
    const state = `${now.phase}|${now.shown}|${now.reading ?? ''}|${now.error?.code ?? ''}|${now.error?.message ?? ''}`;
    if (state !== this.last) {
      this.last = state;
      this.dispose();
      this.onView(now);
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.onView(view());
    }, this.delayMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
