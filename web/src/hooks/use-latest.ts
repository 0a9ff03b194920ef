import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref to the value of the last committed render, for callbacks that outlive a render (socket handlers,
 * intervals, memoised rows). It is set after the render commits, not during it: a render React throws
 * away must not leak its values into handlers that keep running.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
