import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useAppSettings } from '@/lib/app-settings';
import { useCurrentUser } from '@/lib/session-store';
import { useSlotSystemStats } from '../api/get-slot-system-stats';
import { useUserStats } from '../api/get-user-stats';
import { dashboardLinks, type DashboardLinkId } from '../utils/dashboard-links';
import { countText, slotTotals } from '../utils/dashboard-stats';
import { DashboardLinkGrid, type LinkExtra } from './dashboard-link-grid';
import { DashboardQuickActions } from './dashboard-quick-actions';
import { MemberStatsSection } from './member-stats-section';
import { SlotStatsSection } from './slot-stats-section';
import styles from './dashboard.module.css';

interface AdminDashboardPageProps {
  /** The slot screen's title for the mode (the app passes the slots feature's adminSlotsTitle). */
  slotsTitle: string;
  /** Pending charge requests for the cash card's badge; null while unknown (the app reads the cash feature). */
  pendingCharges?: number | null;
  /** The cash feature's charge request counts with a link, shown with the cash system on. */
  cashSection?: ReactNode;
}

/**
 * /admin: a card per console page the caller may open, the same
 * links as quick actions, slot and member stats. A stat that fails to load is only logged and
 * its numbers read '-'; the page itself always renders.
 */
export function AdminDashboardPage({ slotsTitle, pendingCharges, cashSection }: AdminDashboardPageProps) {
  const settings = useAppSettings();
  const user = useCurrentUser();
  const { data: slotStats } = useSlotSystemStats();
  const { data: userStats } = useUserStats();
  const links = dashboardLinks({ role: user?.role ?? 'user', settings, slotsTitle });
  const totals = slotStats ? slotTotals(slotStats) : undefined;
  const extras: Partial<Record<DashboardLinkId, LinkExtra>> = {
    slots: {
      badge: totals?.needsAttention,
      badgeLabel: '처리 대기',
      summary: `전체 ${countText(totals?.total)} · 승인대기 ${countText(totals?.pending)} · 진행중 ${countText(totals?.active)}`,
    },
    cash: { badge: pendingCharges, badgeLabel: '충전 대기', summary: `승인 대기 ${countText(pendingCharges, '건')}` },
    users: { summary: `전체 회원 ${countText(userStats?.total)} · 활성 ${countText(userStats?.active)}` },
  };
  return (
    <div className={styles.stack}>
      <PageHeader title="관리자 대시보드" description={`${settings.siteName} 운영 현황을 한눈에 확인하세요.`} />
      <DashboardQuickActions links={links} />
      <DashboardLinkGrid links={links} extras={extras} />
      <div className={styles.twoColumns}>
        <SlotStatsSection stats={slotStats} />
        <MemberStatsSection stats={userStats} />
      </div>
      {settings.useCashSystem && cashSection}
    </div>
  );
}
