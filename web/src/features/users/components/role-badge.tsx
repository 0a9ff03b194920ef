import { roleLabels } from '#shared/roles';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<string, BadgeTone> = {
  developer: 'warning',
  operator: 'primary',
  admin: 'primary',
  user: 'neutral',
};

/** Role badge (operator, admin, general user; developer too). */
export function RoleBadge({ role }: { role: string }) {
  return <Badge tone={tones[role] ?? 'neutral'}>{roleLabels[role] ?? role}</Badge>;
}
