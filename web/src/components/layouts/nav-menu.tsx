import type { NavSection } from './layout-shell';
import { NavItemLink } from './nav-item-link';
import styles from './classic-layout.module.css';

/** The menu sections as the sidebar (and the minimal preset's drawer) lists them. */
export function NavMenu({ navigation }: { navigation: NavSection[] }) {
  return (
    <nav className={styles.nav} aria-label="주 메뉴">
      {navigation.map((section) => (
        <div key={section.id}>
          {section.title && <p className={styles.sectionTitle}>{section.title}</p>}
          <ul className={styles.navList}>
            {section.items.map((item) => (
              <li key={item.id}>
                <NavItemLink item={item} iconSize={18} className={styles.navLink} activeClassName={styles.active} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
