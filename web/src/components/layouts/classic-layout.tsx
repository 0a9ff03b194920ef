import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Icon } from '@/components/ui/icon';
import type { LayoutOptions, LayoutPreset, ShellParts } from './layout-shell';
import { contentOptionClasses, floatingReserveStyle, layoutContent } from './layout-content';
import { NavMenu } from './nav-menu';
import styles from './classic-layout.module.css';

const widthClass = { narrow: styles.narrow, normal: '', wide: styles.wide };
const placementClass = { left: '', right: styles.right, drawer: styles.drawer };

interface SidebarLayoutProps extends ShellParts {
  options?: LayoutOptions;
  /**
   * left: classic (static header, no footer). right: dashboard (wide sidebar on the right, breadcrumb).
   * drawer: minimal (no sidebar and no header; a floating menu button opens the sidebar over the page).
   */
  placement?: 'left' | 'right' | 'drawer';
  preset?: LayoutPreset;
}

/** The sidebar presets: classic, dashboard and minimal differ only in where the sidebar sits. */
export function ClassicLayout({
  options = {},
  placement = 'left',
  preset = 'classic',
  brand,
  account,
  navigation,
  sidebarFooter,
  headerTitle,
  breadcrumb,
  headerActions,
  notice,
  floating,
  floatingReserve,
  children,
}: SidebarLayoutProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const closeRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLButtonElement>(null);
  // As a drawer (narrow screens, minimal preset) the sidebar closes after navigating.
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const { sidebarWidth = 'normal' } = options;
  const shellClass = [
    styles.shell,
    placementClass[placement],
    open && styles.open,
    widthClass[sidebarWidth],
    ...contentOptionClasses(options),
  ]
    .filter(Boolean)
    .join(' ');
  const drawer = placement === 'drawer';

  // The drawer covers the floating button: focus moves into it on open and back on close.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!drawer) return;
    if (open) closeRef.current?.focus();
    else if (wasOpen.current) menuRef.current?.focus();
    wasOpen.current = open;
  }, [open, drawer]);

  return (
    <div className={shellClass} data-layout={preset}>
      <aside className={styles.sidebar} id="app-sidebar" aria-label="사이드바">
        <div className={styles.brand}>
          {brand}
          {drawer && (
            <button
              ref={closeRef}
              type="button"
              className={styles.drawerClose}
              onClick={() => setOpen(false)}
              aria-label="메뉴 닫기"
            >
              <Icon name="x" size={18} />
            </button>
          )}
        </div>
        <div className={styles.scroll}>
          {account}
          <NavMenu navigation={navigation} />
        </div>
        {sidebarFooter && <div className={styles.footer}>{sidebarFooter}</div>}
      </aside>
      <div className={styles.overlay} onClick={() => setOpen(false)} aria-hidden="true" />

      <div className={styles.main}>
        {!drawer && (
          <header className={styles.header}>
            <button
              type="button"
              className={styles.menuButton}
              onClick={() => setOpen((v) => !v)}
              aria-controls="app-sidebar"
              aria-expanded={open}
              aria-label={open ? '메뉴 닫기' : '메뉴 열기'}
            >
              <Icon name="menu" />
            </button>
            <div className={styles.headerTitle}>{placement === 'right' && breadcrumb ? breadcrumb : headerTitle}</div>
            {headerActions && <div className={styles.headerActions}>{headerActions}</div>}
          </header>
        )}
        <main className={`${layoutContent.content} ${styles.content}`} style={floatingReserveStyle(floatingReserve)}>
          <div className={layoutContent.container}>
            {notice}
            {children}
          </div>
        </main>
      </div>
      {drawer && (
        <button
          ref={menuRef}
          type="button"
          className={styles.floatingMenu}
          onClick={() => setOpen((v) => !v)}
          aria-controls="app-sidebar"
          aria-expanded={open}
          aria-label={open ? '메뉴 닫기' : '메뉴 열기'}
        >
          <Icon name={open ? 'x' : 'menu'} />
        </button>
      )}
      {floating}
    </div>
  );
}
