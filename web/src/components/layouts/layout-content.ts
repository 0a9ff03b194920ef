import type { LayoutOptions } from './layout-shell';
import layoutContent from './layout-content.module.css';

export { layoutContent };

const widthClass = { full: layoutContent.contentFull, container: '', narrow: layoutContent.contentNarrow };
const paddingClass = { none: layoutContent.paddingNone, normal: '', large: layoutContent.paddingLarge };

/** The shell's classes for a route's content width and padding (both layouts read the same options). */
export function contentOptionClasses({ contentWidth = 'container', padding = 'normal' }: LayoutOptions): string[] {
  return [widthClass[contentWidth], paddingClass[padding]];
}
