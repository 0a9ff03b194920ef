import { isStaff, normaliseRole } from '#shared/roles';
import type { Settings } from '#shared/settings';
import type { IconName } from '@/components/ui/icon';

/**
 * The dashboard's cards and quick actions: one list, so the quick
 * action row always mirrors the cards. Visibility is display only; routes and the server enforce access.
 */
export type DashboardLinkId = 'slots' | 'cash' | 'users' | 'chat' | 'settings' | 'notifications' | 'announcements';

export interface DashboardLink {
  id: DashboardLinkId;
  path: string;
  label: string;
  description: string;
  icon: IconName;
}

interface Context {
  role: string;
  settings: Settings;
  /** '슬롯 관리' in pre-allocation mode, else '슬롯 승인' (the app passes the slots feature's title). */
  slotsTitle: string;
}

const links: Array<DashboardLink & { visible: (c: Context) => boolean }> = [
  {
    id: 'slots',
    path: '/admin/slots',
    label: '',
    description: '슬롯 신청을 확인하고 처리합니다.',
    icon: 'check-square',
    visible: () => true,
  },
  {
    id: 'cash',
    path: '/admin/cash',
    label: '캐시 승인',
    description: '충전 요청을 승인하거나 거절합니다.',
    icon: 'wallet',
    visible: (c) => c.settings.useCashSystem,
  },
  {
    id: 'users',
    path: '/admin/users',
    label: '사용자 관리',
    description: '회원 정보와 슬롯 할당을 관리합니다.',
    icon: 'users',
    visible: () => true,
  },
  {
    id: 'chat',
    path: '/admin/chat',
    label: '채팅 관리',
    description: '고객 문의에 답변합니다.',
    icon: 'message',
    visible: (c) => c.settings.chatEnabled,
  },
  {
    id: 'settings',
    path: '/admin/settings',
    label: '시스템 설정',
    description: '운영 설정을 변경합니다.',
    icon: 'settings',
    visible: (c) => normaliseRole(c.role) === 'developer',
  },
  {
    id: 'notifications',
    path: '/admin/notifications',
    label: '알림 발송',
    description: '회원에게 알림을 보냅니다.',
    icon: 'send',
    visible: (c) => c.settings.notificationEnabled,
  },
  {
    id: 'announcements',
    path: '/admin/announcements',
    label: '공지사항 관리',
    description: '공지사항을 작성하고 관리합니다.',
    icon: 'megaphone',
    visible: () => true,
  },
];

export function dashboardLinks(context: Context): DashboardLink[] {
  if (!isStaff(context.role)) return [];
  return links
    .filter((link) => link.visible(context))
    .map(({ visible: _visible, ...link }) => (link.id === 'slots' ? { ...link, label: context.slotsTitle } : link));
}
