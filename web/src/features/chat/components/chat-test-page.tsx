import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { formatDateTime } from '@/lib/format';
import { acquireRealtime, realtime, useRealtimeStatus, type RealtimeMessage } from '@/lib/realtime-socket';
import { chatMessages as m } from '#shared/messages/chat';
import { isStaff } from '#shared/roles';
import { useAppSettings } from '@/lib/app-settings';
import { useSessionState } from '@/lib/session-store';
import { CHAT_THEMES, currentTheme, readChatConfig, useChatThemeOn, writeChatConfig } from '../utils/chat-config';
import { ChatPanel } from './chat-panel';
import styles from './chat-test-page.module.css';

const LOG_SIZE = 50;

interface LogEntry {
  at: number;
  type: string;
  data: string;
}

/**
 * /chat-test (signed in, hidden from menus): realtime diagnostics — the shared socket's state, a
 * ping/pong round trip and the events it receives — plus, for role users, the support chat panel itself
 * and the per-theme chat switches of this browser.
 */
export function ChatTestPage() {
  const status = useRealtimeStatus();
  const [log, setLog] = useState<LogEntry[]>([]);
  const [rtt, setRtt] = useState<number | null>(null);
  const [pingError, setPingError] = useState<string | null>(null);
  const pingSentAt = useRef<number | null>(null);

  useEffect(() => {
    const release = acquireRealtime();
    const off = realtime.subscribeAll((message: RealtimeMessage) => {
      if (message.type === 'pong' && pingSentAt.current !== null) {
        setRtt(Math.round(performance.now() - pingSentAt.current));
        pingSentAt.current = null;
      }
      const data = JSON.stringify(message.data ?? null);
      setLog((list) =>
        [
          { at: Date.now(), type: message.type, data: data.length > 300 ? `${data.slice(0, 300)}…` : data },
          ...list,
        ].slice(0, LOG_SIZE),
      );
    });
    return () => {
      off();
      release();
    };
  }, []);

  const ping = () => {
    setPingError(null);
    pingSentAt.current = performance.now();
    if (!realtime.send({ action: 'ping' })) {
      pingSentAt.current = null;
      setPingError('연결되어 있지 않아 보낼 수 없습니다.');
    }
  };

  return (
    <>
      <PageHeader title="채팅 테스트" description="실시간 연결 상태와 받은 이벤트를 확인합니다." />
      <div className={styles.stack}>
        <ChatTestChat />
        <Card title="실시간 연결">
          <dl className={styles.facts}>
            <div>
              <dt>상태</dt>
              <dd>
                <Badge tone={status === 'open' ? 'success' : 'danger'}>
                  {status === 'open' ? '연결됨' : '연결 끊김'}
                </Badge>
              </dd>
            </div>
            <div>
              <dt>연결 횟수</dt>
              <dd data-testid="connects">{realtime.connects}</dd>
            </div>
            <div>
              <dt>왕복 시간</dt>
              <dd data-testid="rtt">{rtt === null ? '-' : `${rtt} ms`}</dd>
            </div>
          </dl>
          <div className={styles.buttons}>
            <Button onClick={ping} disabled={status !== 'open'}>
              핑 보내기
            </Button>
            <Button variant="secondary" onClick={() => setLog([])}>
              기록 지우기
            </Button>
          </div>
          {pingError && (
            <p role="alert" className={styles.error}>
              {pingError}
            </p>
          )}
        </Card>
        <Card title="받은 이벤트">
          {log.length === 0 ? (
            <p className={styles.muted}>아직 받은 이벤트가 없습니다.</p>
          ) : (
            <ol className={styles.log} aria-label="받은 이벤트 기록">
              {log.map((entry, i) => (
                <li key={`${entry.at}-${i}`}>
                  <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>
                  <code className={styles.type}>{entry.type}</code>
                  <code className={styles.data}>{entry.data}</code>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>
    </>
  );
}

/** The chat itself (role users; staff see the notice that sends them to the console) and the per-theme switches. */
function ChatTestChat() {
  const role = useSessionState().session?.user.role ?? 'user';
  const { chatEnabled } = useAppSettings();
  const themeOn = useChatThemeOn();
  const config = readChatConfig();
  const theme = currentTheme();
  return (
    <Card
      title="1:1 문의"
      description={`${m.averageResponse} · 전체 설정 ${chatEnabled ? '켜짐' : '꺼짐'} · 현재 테마 ${theme} ${themeOn ? '켜짐' : '꺼짐'}`}
    >
      <fieldset className={styles.themes}>
        <legend>테마별 채팅 버튼</legend>
        {CHAT_THEMES.map((name) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={config.themes[name] !== false}
              onChange={(e) => writeChatConfig({ themes: { ...config.themes, [name]: e.currentTarget.checked } })}
            />{' '}
            {name}
          </label>
        ))}
      </fieldset>
      {isStaff(role) ? <p className={styles.muted}>{m.operatorOnlyNotice}</p> : <ChatPanel />}
    </Card>
  );
}
