import { Link } from 'react-router';
import { commonMessages } from '#shared/messages/common';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

export function NotFoundRoute() {
  return (
    <EmptyState
      icon="alert-circle"
      title={commonMessages.routeNotFound}
      description="주소를 다시 확인해주세요."
      action={
        <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
          홈으로
        </Link>
      }
    />
  );
}
