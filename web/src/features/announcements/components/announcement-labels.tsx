import { announcementCategories, type Announcement } from '#shared/announcements';
import { announcementCategoryLabels, announcementPriorityLabels } from '#shared/messages/announcements';
import { Badge } from '@/components/ui/badge';
import tableStyles from '@/components/ui/data-table.module.css';

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

/** The columns both announcement lists open with; each list adds its own after them. */
export const AnnouncementHeadCells = () => (
  <>
    <th scope="col">상태</th>
    <th scope="col">분류</th>
    <th scope="col">제목</th>
    <th scope="col">작성자</th>
    <th scope="col" className={tableStyles.num}>
      조회수
    </th>
  </>
);

/** One option per category, in the order the filters and the editor list them. */
export const CategoryOptions = () =>
  announcementCategories.map((c) => (
    <option key={c} value={c}>
      {announcementCategoryLabels[c]}
    </option>
  ));
