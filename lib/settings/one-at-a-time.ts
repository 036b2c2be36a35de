/**
 * Runs calls of an async read-change-write one after another (within one context), so two quick changes
 * each see the other's result instead of overwriting it. A failed call does not stop the ones after it.
 */
export function oneAtATime<A extends unknown[], R>(run: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let last: Promise<unknown> = Promise.resolve();
  return (...args) => {
    const next = last.then(() => run(...args));
    last = next.catch(() => undefined);
    return next;
  };
}
