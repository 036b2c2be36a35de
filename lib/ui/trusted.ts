/**
 * Wraps a handler of Verso's in-page UI so that only the person's own input triggers it. A web page can
 * reach Verso's (open) shadow roots and dispatch events there, but cannot make them trusted.
 */
export const onlyTrusted =
  <E extends Event>(handler: (event: E) => void) =>
  (event: E): void => {
    if (event.isTrusted) handler(event);
  };
