import { isStaff, normaliseRole } from '#shared/roles';
import type { Settings } from '#shared/settings';
import type { IconName } from '@/components/ui/icon';
import type { NavSection } from '@/components/layouts/layout-shell';
import { adminSlotsTitle } from '@/features/slot-admin/utils/admin-slots-title';

/**
 * The navigation, as configuration: each item has id, path, label and visibility.
 * Visibility here is display only; the router's guards and the server enforce access.
 */
interface MenuContext {
  role: string;
  settings: Settings;
}

interface MenuItem {
  id: string;
  path: string;
  label: string | ((settings: Settings) => string);
  icon: IconName;
  visible: (context: MenuContext) => boolean;
}

const always = () => true;
const staffOnly = ({ role }: MenuContext) => isStaff(role);

const userMenu: MenuItem[] = [
  { id: 'slots', path: '/slots', label: '내 광고 슬롯', icon: 'layers', visible: ({ role }) => !isStaff(role) },
  {
    id: 'ranking',
    path: '/ranking',
    label: '성과 랭킹',
    icon: 'trophy',
    visible: ({ settings }) => settings.featureRanking,
  },
  {
    id: 'cash-history',
    path: '/cash-history',
    label: '캐시 내역',
    icon: 'receipt',
    // Staff hold no cash (their sidebar has no cash card either): the cash approvals are their view.
    visible: ({ role, settings }) => !isStaff(role) && settings.useCashSystem && settings.featureCashHistory,
  },
  { id: 'profile', path: '/profile', label: '내 정보', icon: 'user', visible: always },
  { id: 'announcements', path: '/announcements', label: '공지사항', icon: 'megaphone', visible: always },
];

/** The console's navigation menu; every entry needs operator or developer. */
const adminMenu: MenuItem[] = [
  { id: 'admin-dashboard', path: '/admin', label: '대시보드', icon: 'dashboard', visible: staffOnly },
  {
    id: 'admin-slots',
    path: '/admin/slots',
    label: (settings) => adminSlotsTitle(settings.slotOperationMode),
    icon: 'check-square',
    visible: (c) => staffOnly(c) && c.settings.featureSlotManagement,
  },
  {
    id: 'admin-slot-allocation-history',
    path: '/admin/slot-allocation-history',
    label: '슬롯 발행 내역',
    icon: 'history',
    visible: staffOnly,
  },
  {
    id: 'admin-cash',
    path: '/admin/cash',
    label: '캐시 승인',
    icon: 'wallet',
    visible: (c) => staffOnly(c) && c.settings.useCashSystem,
  },
  { id: 'admin-users', path: '/admin/users', label: '사용자 관리', icon: 'users', visible: staffOnly },
  {
    id: 'admin-chat',
    path: '/admin/chat',
    label: '채팅 관리',
    icon: 'message',
    visible: (c) => staffOnly(c) && c.settings.chatEnabled,
  },
  {
    id: 'admin-rank-operations',
    path: '/admin/rank-operations',
    label: '순위 측정 현황',
    icon: 'chart',
    visible: staffOnly,
  },
  {
    id: 'admin-settings',
    path: '/admin/settings',
    label: '시스템 설정',
    icon: 'settings',
    visible: ({ role }) => normaliseRole(role) === 'developer',
  },
  { id: 'admin-notifications', path: '/admin/notifications', label: '알림 발송', icon: 'send', visible: staffOnly },
  {
    id: 'admin-notification-history',
    path: '/admin/notification-history',
    label: '알림 내역',
    icon: 'bell',
    visible: staffOnly,
  },
  {
    id: 'admin-announcements',
    path: '/admin/announcements',
    label: '공지사항 관리',
    icon: 'megaphone',
    visible: staffOnly,
  },
];

const resolve = (items: MenuItem[], context: MenuContext) =>
  items
    .filter((item) => item.visible(context))
    .map(({ id, path, label, icon }) => ({
      id,
      path,
      icon,
      label: typeof label === 'function' ? label(context.settings) : label,
      // '/admin' must not light up on every admin page.
      end: path === '/admin',
    }));

/** The sidebar's sections for a role: staff see the console first, then the general entries. */
export function menuFor(role: string, settings: Settings): NavSection[] {
  const context = { role, settings };
  const general = resolve(userMenu, context);
  if (!isStaff(role)) return [{ id: 'user', items: general }];
  return [
    { id: 'admin', title: '관리자 메뉴', items: resolve(adminMenu, context) },
    { id: 'user', title: '일반', items: general },
  ];
}
