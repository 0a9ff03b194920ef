import { Link } from 'react-router';
import { accessMessages } from '#shared/messages/access';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * A signed-in user who opens /admin/* reads why (the console is for operators and developers only)
 * instead of being sent away silently, and finds the way back to their own home.
 */
export function NoAccessRoute({ home }: { home: string }) {
  return (
    <EmptyState
      icon="alert-circle"
      title={accessMessages.operatorsOnly}
      description={accessMessages.operatorsOnlyHint}
      action={
        <Link to={home} className={buttonClassName({ variant: 'secondary' })}>
          {accessMessages.backHome}
        </Link>
      }
    />
  );
}
