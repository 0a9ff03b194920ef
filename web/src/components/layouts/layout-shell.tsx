import type { ReactNode } from 'react';
import type { IconName } from '@/components/ui/icon';
import { ClassicLayout } from './classic-layout';

/** Layout presets and options of the spec (advertiser §2 "Layout shell"). */
export type LayoutPreset = 'classic' | 'modern' | 'minimal' | 'dashboard';

export interface LayoutOptions {
  sidebarWidth?: 'narrow' | 'normal' | 'wide';
  contentWidth?: 'full' | 'container' | 'narrow';
  padding?: 'none' | 'normal' | 'large';
}

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
  brand: ReactNode;
  /** Account panel at the top of the sidebar (name, email, balance, charge button). */
  account?: ReactNode;
  navigation: NavSection[];
  /** Bottom of the sidebar (logout). */
  sidebarFooter?: ReactNode;
  headerTitle?: ReactNode;
  headerActions?: ReactNode;
  /** Fixed-position extras (switch-back button, chat button). */
  floating?: ReactNode;
  children: ReactNode;
}

export interface LayoutShellProps extends ShellParts {
  preset: LayoutPreset;
  options?: LayoutOptions;
}

/**
 * Picks the preset. Only classic exists so far; modern (top nav), minimal (no chrome) and dashboard
 * (sidebar right) get their own components here later and fall back to classic meanwhile.
 */
export function LayoutShell({ preset, options, ...parts }: LayoutShellProps) {
  switch (preset) {
    case 'classic':
    default:
      return <ClassicLayout options={options} {...parts} />;
  }
}
