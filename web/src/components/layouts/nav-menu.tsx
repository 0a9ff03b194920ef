import { NavLink } from 'react-router';
import { Icon } from '@/components/ui/icon';
import type { NavSection } from './layout-shell';
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
  );
}
