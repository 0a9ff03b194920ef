import type { Settings } from '#shared/settings';
import type { LayoutOptions } from '@/components/layouts/layout-shell';
import type { LayoutOptionSettings } from '@/lib/layout-preview';

/**
 * The shell's layout options from the settings: each one set to `preset` is left
 * out, so the preset keeps its own value; a preview from the settings page wins over what is saved.
 */
export function layoutOptionsOf(settings: Settings, preview: LayoutOptionSettings | null): LayoutOptions {
  const source = preview ?? settings;
  const options: LayoutOptions = {};
  if (source.layoutSidebarWidth !== 'preset') options.sidebarWidth = source.layoutSidebarWidth;
  if (source.layoutContentWidth !== 'preset') options.contentWidth = source.layoutContentWidth;
  if (source.layoutPadding !== 'preset') options.padding = source.layoutPadding;
  return options;
}
