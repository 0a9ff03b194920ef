import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Icon, type IconName } from '@/components/ui/icon';
import { SiteLogo } from '@/components/ui/site-logo';
import { clearLoginMessage, peekLoginMessage } from '@/lib/api-client';
import { useAppSettings } from '@/lib/app-settings';
import type { Session } from '@/lib/session-store';
import { LoginForm } from './login-form';
import styles from './login-page.module.css';

const highlights: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'trending-up',
    title: '실시간 순위 추적',
    text: '키워드별 상품 순위를 매일 측정하고 변화를 한눈에 보여드립니다.',
  },
  { icon: 'layers', title: '간편한 슬롯 관리', text: '슬롯 등록부터 일괄 수정까지 몇 번의 클릭으로 끝납니다.' },
  { icon: 'wallet', title: '투명한 캐시 관리', text: '충전 요청과 사용 내역을 언제든 확인할 수 있습니다.' },
];

interface LoginPageProps {
  onSignedIn?: (session: Session) => void;
  /** /login-preview: the look of the page with a form that does nothing. */
  preview?: boolean;
}

export function LoginPage({ onSignedIn = () => undefined, preview = false }: LoginPageProps) {
  const { siteName, logoUrl } = useAppSettings();
  // Why the last session ended (expired / no permission), kept by the HTTP client; shown once.
  const [notice] = useState(() => (preview ? null : peekLoginMessage()));
  useEffect(() => {
    if (!preview) clearLoginMessage();
  }, [preview]);

  return (
    <div className={styles.page}>
      <aside className={styles.brand}>
        <SiteLogo siteName={siteName} logoUrl={logoUrl} tone="light" />
        <div>
          <p className={styles.tagline}>
            키워드 순위 광고,
            <br />한 곳에서 관리하세요
          </p>
          <p className={styles.lead}>슬롯 등록, 순위 확인, 캐시 관리까지 광고 운영에 필요한 모든 것을 제공합니다.</p>
          <ul className={styles.features}>
            {highlights.map((item) => (
              <li key={item.title} className={styles.feature}>
                <span className={styles.featureIcon}>
                  <Icon name={item.icon} />
                </span>
                <span>
                  <p className={styles.featureTitle}>{item.title}</p>
                  <p className={styles.featureText}>{item.text}</p>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className={styles.copyright}>
          © {new Date().getFullYear()} {siteName}. All rights reserved.
        </p>
      </aside>

      <main className={styles.main}>
        <div className={styles.panel}>
          <div className={styles.mobileLogo}>
            <SiteLogo siteName={siteName} logoUrl={logoUrl} />
          </div>
          <h1 className={styles.title}>로그인</h1>
          <p className={styles.subtitle}>{siteName}에 오신 것을 환영합니다.</p>
          {preview && (
            <Alert tone="info" className={styles.notice}>
              미리보기 화면입니다. 로그인은 동작하지 않습니다.
            </Alert>
          )}
          {notice && (
            <Alert tone="warning" className={styles.notice}>
              {notice}
            </Alert>
          )}
          <LoginForm onSuccess={onSignedIn} preview={preview} />
          <p className={styles.help}>계정이 필요하시면 관리자에게 문의해주세요.</p>
        </div>
      </main>
    </div>
  );
}
