import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { SiteLogo } from '@/components/ui/site-logo';
import styles from './maintenance.module.css';

/**
 * What an advertiser sees while maintenanceMode is on: the API refuses their writes (503
 * MAINTENANCE), so the app is replaced by this notice instead of failing action by action.
 */
export function MaintenancePage({
  siteName,
  logoUrl,
  onSignOut,
  signingOut,
  floating,
}: {
  siteName: string;
  logoUrl?: string;
  onSignOut: () => void;
  signingOut?: boolean;
  floating?: ReactNode;
}) {
  return (
    <main className={styles.page}>
      <div className={styles.card} role="status">
        <SiteLogo siteName={siteName} logoUrl={logoUrl} />
        <span className={styles.icon} aria-hidden="true">
          <Icon name="settings" size={28} />
        </span>
        <h1 className={styles.title}>서비스 점검 중입니다</h1>
        <p className={styles.text}>
          더 나은 서비스를 위해 {siteName} 시스템을 점검하고 있습니다.
          <br />
          점검이 끝나면 다시 이용하실 수 있습니다. 이용에 불편을 드려 죄송합니다.
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            <Icon name="refresh" size={16} />
            다시 확인
          </Button>
          <Button variant="ghost" onClick={onSignOut} loading={signingOut}>
            <Icon name="log-out" size={16} />
            로그아웃
          </Button>
        </div>
      </div>
      {floating}
    </main>
  );
}

/** The line staff see above every page while maintenance is on (they keep working). */
export function MaintenanceNotice() {
  return (
    <div className={styles.notice}>
      <Alert tone="warning" title="점검 모드가 켜져 있습니다.">
        일반 사용자는 점검 안내 화면만 볼 수 있고 변경 요청은 거절됩니다. 운영자와 개발자는 계속 이용할 수 있습니다.
      </Alert>
    </div>
  );
}
