import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SendNotificationForm } from './send-notification-form';

/** /admin/notifications: the send form, with a link to what was sent. */
export function SendNotificationPage() {
  return (
    <>
      <PageHeader
        title="알림 발송"
        description="사용자에게 실시간 알림을 보냅니다."
        actions={
          <Link to="/admin/notification-history" className={buttonClassName({ variant: 'secondary' })}>
            발송 내역 보기
          </Link>
        }
      />
      <Card>
        <SendNotificationForm />
      </Card>
    </>
  );
}
