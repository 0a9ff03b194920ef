import type { CSSProperties } from 'react';
import type { LayoutOptions } from './layout-shell';
import layoutContent from './layout-content.module.css';

export { layoutContent };

const widthClass = { full: layoutContent.contentFull, container: '', narrow: layoutContent.contentNarrow };
const paddingClass = { none: layoutContent.paddingNone, normal: '', large: layoutContent.paddingLarge };

/** The shell's classes for a route's content width and padding (both layouts read the same options). */
export function contentOptionClasses({ contentWidth = 'container', padding = 'normal' }: LayoutOptions): string[] {
  return [widthClass[contentWidth], paddingClass[padding]];
}

/**
 * The page area's style for the floating buttons over its bottom edge: the page ends that far
 * higher, so scrolled to its end no button of the page sits under them.
 */
export function floatingReserveStyle(floatingReserve = 0): CSSProperties | undefined {
  return floatingReserve > 0 ? ({ '--floating-reserve': `${floatingReserve}px` } as CSSProperties) : undefined;
}
