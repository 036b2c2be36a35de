import type { App } from '../http/env.ts';
import type { ServiceState } from '../stores/state.ts';

/** `GET /v3/translation_memories` (docs/local-service.md); the memories are in `state.memories`. */

export function register(app: App, state: ServiceState): void {
  app.get('/v3/translation_memories', (c) =>
    c.json({
      translation_memories: state.memories.memoriesOf(c.get('account').id).map((m) => ({
        ...m,
        target_languages: [...m.target_languages],
      })),
    }),
  );
}
