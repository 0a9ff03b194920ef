import type { Announcement } from '#shared/announcements';
import { announcementCategoryLabels, announcementPriorityLabels } from '#shared/messages/announcements';
import { Badge } from '@/components/ui/badge';

export const CategoryBadge = ({ category }: Pick<Announcement, 'category'>) => (
  <Badge tone={category === 'maintenance' ? 'warning' : category === 'event' ? 'success' : 'neutral'}>
    {announcementCategoryLabels[category]}
  </Badge>
);

/** Urgent and high carry '긴급' and '중요' labels. */
export const PriorityBadge = ({ priority }: Pick<Announcement, 'priority'>) =>
  priority === 'urgent' ? (
    <Badge tone="danger">{announcementPriorityLabels.urgent}</Badge>
  ) : priority === 'high' ? (
    <Badge tone="warning">{announcementPriorityLabels.high}</Badge>
  ) : null;

export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('ko-KR', { timeZone: 'Asia/Seoul' });
