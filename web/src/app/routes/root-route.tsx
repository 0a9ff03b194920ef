import { Outlet, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useSettingsReload } from '@/features/settings/hooks/use-settings-reload';

/** The top route: app-wide effects that need the router (settings reload on navigation). */
export function RootRoute() {
  useSettingsReload();
  return <Outlet />;
}

/** A route that failed to render or whose code chunk failed to download (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <EmptyState
      icon="alert-triangle"
      title="화면을 불러오지 못했습니다."
      description="일시적인 문제일 수 있습니다. 새로고침 후 다시 시도해주세요."
      action={<Button onClick={() => window.location.reload()}>새로고침</Button>}
    />
  );
}
