import { chargeStatusLabels, type ChargeStatus } from '#shared/schemas/cash';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<ChargeStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

export function ChargeStatusBadge({ status }: { status: ChargeStatus }) {
  return <Badge tone={tones[status]}>{chargeStatusLabels[status]}</Badge>;
}
