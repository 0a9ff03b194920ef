import type { ReactNode } from 'react';
import type { IconName } from '@/components/ui/icon';
import { ClassicLayout } from './classic-layout';
import { TopNavLayout } from './top-nav-layout';

/** The layout presets and options a developer picks in the settings. */
export type LayoutPreset = 'classic' | 'modern' | 'minimal' | 'dashboard';

export interface LayoutOptions {
  sidebarWidth?: 'narrow' | 'normal' | 'wide';
  contentWidth?: 'full' | 'container' | 'narrow';
  padding?: 'none' | 'normal' | 'large';
}

/**
 * What each preset looks like: classic sidebar left with a static header and no
 * footer; modern a top nav, fixed header with breadcrumb and a footer; minimal neither sidebar nor
 * header (a floating menu instead); dashboard a wide sidebar on the right with a breadcrumb.
 */
const presetOptions: Record<LayoutPreset, Required<LayoutOptions>> = {
  classic: { sidebarWidth: 'normal', contentWidth: 'container', padding: 'normal' },
  modern: { sidebarWidth: 'normal', contentWidth: 'container', padding: 'normal' },
  minimal: { sidebarWidth: 'normal', contentWidth: 'container', padding: 'large' },
  dashboard: { sidebarWidth: 'wide', contentWidth: 'full', padding: 'normal' },
};

export interface NavItem {
  id: string;
  path: string;
  label: string;
  icon: IconName;
  /** Active only on the exact path (a parent path like /admin). */
  end?: boolean;
}

export interface NavSection {
  id: string;
  title?: string;
  items: NavItem[];
}

/** Everything a preset arranges; the presets differ only in where they put these parts. */
export interface ShellParts {
  /** The logo on a dark background (sidebar, drawer). */
  brand: ReactNode;
  /** The logo on the header's surface colour (top nav). */
  brandOnSurface?: ReactNode;
  /** Account panel at the top of the sidebar (name, email, balance, charge button). */
  account?: ReactNode;
  /** The balance and 캐시충전 in one line, for the top nav (no sidebar to hold the panel). */
  accountCompact?: ReactNode;
  navigation: NavSection[];
  /** Bottom of the sidebar (logout). */
  sidebarFooter?: ReactNode;
  headerTitle?: ReactNode;
  /** "Where am I" trail: shown by the presets that have one (modern, dashboard). */
  breadcrumb?: ReactNode;
  /** Right end of the header or top nav: bell and profile link. */
  headerActions?: ReactNode;
  /** Logout in the top nav (the sidebar presets use sidebarFooter). */
  topNavLogout?: ReactNode;
  /** A line above every page (maintenance notice). */
  notice?: ReactNode;
  /** Fixed-position extras (switch-back button, chat button). */
  floating?: ReactNode;
  /** How far (px) the floating extras reach up from the window's bottom edge; the page ends above. */
  floatingReserve?: number;
  children: ReactNode;
}

export interface LayoutShellProps extends ShellParts {
  preset: LayoutPreset;
  /** Overrides the preset's own options. */
  options?: LayoutOptions;
}

/** Picks the preset; every preset arranges the same parts, so switching is one setting. */
export function LayoutShell({ preset, options, ...parts }: LayoutShellProps) {
  const known = preset in presetOptions ? preset : 'classic';
  const merged = { ...presetOptions[known], ...options };
  switch (known) {
    case 'modern':
      return <TopNavLayout options={merged} {...parts} />;
    case 'minimal':
      return <ClassicLayout placement="drawer" preset="minimal" options={merged} {...parts} />;
    case 'dashboard':
      return <ClassicLayout placement="right" preset="dashboard" options={merged} {...parts} />;
    case 'classic':
    default:
      return <ClassicLayout placement="left" preset="classic" options={merged} {...parts} />;
  }
}
