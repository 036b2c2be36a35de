import { useEffect, useState } from 'preact/hooks';

/**
 * The model of a UI, created once when the component that mounts the UI first renders and disposed of
 * when it unmounts. Page shells use it; sections and panels receive their model as a prop.
 */
export function useModel<M extends { dispose(): void }>(create: () => M): M {
  const [model] = useState(create);
  useEffect(() => () => model.dispose(), [model]);
  return model;
}
