import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Icon } from '@/components/ui/icon';
import type { LayoutOptions, ShellParts } from './layout-shell';
import styles from './classic-layout.module.css';

const widthClass = { narrow: styles.narrow, normal: '', wide: styles.wide };
const contentClass = { full: styles.contentFull, container: '', narrow: styles.contentNarrow };
const paddingClass = { none: styles.paddingNone, normal: '', large: styles.paddingLarge };

/** Classic preset: sidebar on the left, static header, no footer. */
export function ClassicLayout({
  options = {},
  brand,
  account,
  navigation,
  sidebarFooter,
  headerTitle,
  headerActions,
  floating,
  children,
}: ShellParts & { options?: LayoutOptions }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // On narrow screens the sidebar is a drawer: close it after navigating.
  useEffect(() => setOpen(false), [pathname]);

  const { sidebarWidth = 'normal', contentWidth = 'container', padding = 'normal' } = options;
  const shellClass = [styles.shell, open && styles.open, widthClass[sidebarWidth], contentClass[contentWidth], paddingClass[padding]]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={shellClass}>
      <aside className={styles.sidebar} id="app-sidebar">
        <div className={styles.brand}>{brand}</div>
        <div className={styles.scroll}>
          {account}
          <nav className={styles.nav} aria-label="주 메뉴">
            {navigation.map((section) => (
              <div key={section.id}>
                {section.title && <p className={styles.sectionTitle}>{section.title}</p>}
                <ul className={styles.navList}>
                  {section.items.map((item) => (
                    <li key={item.id}>
                      <NavLink
                        to={item.path}
                        end={item.end}
                        className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}
                      >
                        <Icon name={item.icon} size={18} />
                        <span>{item.label}</span>
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        {sidebarFooter && <div className={styles.footer}>{sidebarFooter}</div>}
      </aside>
      <div className={styles.overlay} onClick={() => setOpen(false)} aria-hidden="true" />

      <div className={styles.main}>
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
          <div className={styles.headerTitle}>{headerTitle}</div>
          {headerActions && <div className={styles.headerActions}>{headerActions}</div>}
        </header>
        <main className={styles.content}>
          <div className={styles.container}>{children}</div>
        </main>
      </div>
      {floating}
    </div>
  );
}
