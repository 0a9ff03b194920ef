import { Link } from 'react-router';
import { alertRuleLabels } from '#shared/messages/rank-operations';
import { Alert } from '@/components/ui/alert';
import { formatDateTime } from '@/lib/format';
import { useRoute } from '@/lib/route-data';

/**
 * Staff carry no notification bell or toasts, so a firing rank alert is shown on every console page
 * until it clears, with the way to the operations screen. Nothing while all is well.
 */
export function RankAlertNotice() {
  // Asked every minute on console pages.
  const { data } = useRoute('GET /api/rank/alerts', undefined, { refreshInterval: 60_000, revalidateOnFocus: true });
  const firing = data?.items ?? [];
  if (!firing.length) return null;
  return (
    <section aria-label="순위 경보 알림">
      <Alert tone="error" title="순위 경보">
        {firing.map((a) => `${alertRuleLabels[a.rule]} (${formatDateTime(a.since)}부터)`).join(', ')}.{' '}
        <Link to="/admin/rank-operations">순위 측정 현황 보기</Link>
      </Alert>
    </section>
  );
}
