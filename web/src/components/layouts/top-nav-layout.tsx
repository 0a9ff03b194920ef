import type { LayoutOptions, ShellParts } from './layout-shell';
import { contentOptionClasses, floatingReserveStyle, layoutContent } from './layout-content';
import { NavItemLink } from './nav-item-link';
import styles from './top-nav-layout.module.css';

/**
 * Modern preset: top navigation with logo, menus, bell, profile link and logout; a fixed header
 * with the breadcrumb, and a footer. The top nav leaves profile out of the menus (the name
 * link leads there).
 */
export function TopNavLayout({
  options = {},
  brandOnSurface,
  brand,
  accountCompact,
  navigation,
  breadcrumb,
  headerTitle,
  headerActions,
  topNavLogout,
  notice,
  floating,
  floatingReserve,
  children,
}: ShellParts & { options?: LayoutOptions }) {
  const sections = navigation
    .map((section) => ({ ...section, items: section.items.filter((item) => item.id !== 'profile') }))
    .filter((section) => section.items.length > 0);

  return (
    <div className={[styles.shell, ...contentOptionClasses(options)].filter(Boolean).join(' ')} data-layout="modern">
      <header className={styles.topBar}>
        <div className={styles.topRow}>
          <div className={styles.brand}>{brandOnSurface ?? brand}</div>
          <div className={styles.actions}>
            {accountCompact}
            {headerActions}
            {topNavLogout}
          </div>
        </div>
        <nav className={styles.nav} aria-label="주 메뉴">
          {sections.map((section, index) => (
            <ul key={section.id} className={styles.navList} aria-label={section.title}>
              {index > 0 && <li className={styles.divider} aria-hidden="true" />}
              {section.items.map((item) => (
                <li key={item.id}>
                  <NavItemLink item={item} iconSize={16} className={styles.navLink} activeClassName={styles.active} />
                </li>
              ))}
            </ul>
          ))}
        </nav>
      </header>
      <div className={styles.pageBar}>
        <div className={layoutContent.container}>{breadcrumb ?? headerTitle}</div>
      </div>
      <main className={layoutContent.content} style={floatingReserveStyle(floatingReserve)}>
        <div className={layoutContent.container}>
          {notice}
          {children}
        </div>
      </main>
      <footer className={styles.footer}>
        <div className={layoutContent.container}>{brandOnSurface}</div>
      </footer>
      {floating}
    </div>
  );
}
