import { useEffect, useRef, useState } from 'react';
import type { NotificationTestBody } from '#shared/schemas/notifications';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';
import { useRouteMutation } from '@/lib/route-data';
import styles from './notifications.module.css';
import { notificationTestSchema } from '#shared/schemas/notifications';

/** The generator sends 5 notifications 2 seconds apart. */
export const TEST_BATCH = 5;
export const TEST_INTERVAL_MS = 2_000;

const samples: NotificationTestBody[] = [
  { type: 'info', title: '테스트 알림 1 (정보)', message: '정보 알림입니다. 잠시 후 자동으로 닫힙니다.' },
  { type: 'success', title: '테스트 알림 2 (성공)', message: '성공 알림입니다.' },
  { type: 'warning', title: '테스트 알림 3 (경고)', message: '경고 알림은 직접 닫아야 합니다.' },
  { type: 'error', title: '테스트 알림 4 (오류)', message: '오류 알림은 직접 닫아야 합니다.' },
  {
    type: 'info',
    title: '테스트 알림 5 (중요)',
    message: '중요 알림은 테두리가 강조되고 10초간 표시됩니다.',
    priority: 'high',
  },
];

/**
 * /notification-test (signed in, hidden from menus): sends the batch through the real API, so each
 * notification travels the whole way (store, socket push, toast, bell).
 */
export function NotificationTestPage() {
  // Through the real pipeline (socket push included).
  const { trigger } = useRouteMutation('POST /api/notifications/test');
  const [sent, setSent] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelled = useRef(false);

  useEffect(() => {
    cancelled.current = false;
    return () => {
      cancelled.current = true;
    };
  }, []);

  const run = async () => {
    setRunning(true);
    setError(null);
    setSent([]);
    try {
      for (let i = 0; i < TEST_BATCH && !cancelled.current; i += 1) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, TEST_INTERVAL_MS));
        if (cancelled.current) break;
        const notification = await trigger({ body: notificationTestSchema.parse(samples[i]) });
        setSent((list) => [...list, notification.title]);
      }
    } catch (e) {
      setError(errorMessage(e, '테스트 알림을 보내지 못했습니다.'));
    } finally {
      if (!cancelled.current) setRunning(false);
    }
  };

  const percent = Math.round((sent.length / TEST_BATCH) * 100);
  return (
    <>
      <PageHeader title="알림 테스트" description="나에게 테스트 알림 5개를 2초 간격으로 보냅니다." />
      <div className={styles.stack}>
        <Card title="알림 생성기">
          <ErrorBox message={error} onDismiss={() => setError(null)} />
          <Button onClick={() => void run()} loading={running} loadingText="보내는 중…">
            테스트 알림 5개 보내기
          </Button>
          <p aria-live="polite" style={{ marginTop: 12 }}>
            {running || sent.length
              ? `${sent.length} / ${TEST_BATCH} 발송${!running && sent.length === TEST_BATCH ? ' 완료' : ''}`
              : ''}
          </p>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-label="발송 진행률"
            aria-valuemin={0}
            aria-valuemax={TEST_BATCH}
            aria-valuenow={sent.length}
          >
            <div className={styles.progressFill} style={{ width: `${percent}%` }} />
          </div>
          {sent.length > 0 && (
            <ol className={styles.sentList}>
              {sent.map((title, i) => (
                <li key={i}>{title}</li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </>
  );
}
