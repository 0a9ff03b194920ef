import { Link } from 'react-router';
import { alertRuleLabels } from '#shared/messages/rank-operations';
import { Alert } from '@/components/ui/alert';
import { formatDateTime } from '@/lib/format';
import { useRankAlerts } from '../api/get-rank-alerts';

/**
 * Staff carry no notification bell or toasts, so a firing rank alert is shown on every console page
 * until it clears, with the way to the operations screen. Nothing while all is well.
 */
export function RankAlertNotice() {
  const { data } = useRankAlerts();
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
