import { NavLink } from 'react-router';
import { Icon } from '@/components/ui/icon';
import type { NavItem } from './layout-shell';

/** One menu entry (icon and label) as both presets link it; each passes its own look. */
export function NavItemLink({
  item,
  iconSize,
  className,
  activeClassName,
}: {
  item: NavItem;
  iconSize: number;
  className: string;
  activeClassName: string;
}) {
  return (
    <NavLink
      to={item.path}
      end={item.end}
      className={({ isActive }) => (isActive ? `${className} ${activeClassName}` : className)}
    >
      <Icon name={item.icon} size={iconSize} />
      <span>{item.label}</span>
    </NavLink>
  );
}
