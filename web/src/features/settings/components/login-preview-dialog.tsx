import { useState } from 'react';
import { settingValueLabels } from '#shared/messages/settings-page';
import { themes } from '#shared/settings';
import { Modal } from '@/components/ui/modal';
import styles from './settings.module.css';

/**
 * The login-preview overlay: /login-preview?theme=… in a frame, so the developer sees
 * each theme's sign-in screen without signing out.
 */
export function LoginPreviewDialog({
  open,
  onClose,
  initialTheme,
}: {
  open: boolean;
  onClose: () => void;
  initialTheme: string;
}) {
  const [theme, setTheme] = useState(initialTheme);
  return (
    <Modal open={open} onClose={onClose} title="로그인 화면 미리보기" size="xl">
      <div className={styles.previewThemes} role="group" aria-label="미리볼 테마">
        {themes.map((t) => (
          <button key={t} type="button" className={styles.chip} aria-pressed={theme === t} onClick={() => setTheme(t)}>
            {settingValueLabels[t]}
          </button>
        ))}
      </div>
      <iframe
        className={styles.previewFrame}
        title={`${settingValueLabels[theme] ?? theme} 테마 로그인 화면`}
        src={`/login-preview?theme=${encodeURIComponent(theme)}`}
      />
    </Modal>
  );
}
