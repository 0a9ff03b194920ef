import { useState } from 'react';
import { sessionMessages as m } from '#shared/messages/sessions';
import type { SessionDto } from '#shared/schemas/sessions';
import { Alert, ErrorBox } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingBlock } from '@/components/ui/spinner';
import tableStyles from '@/components/ui/data-table.module.css';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useRoute } from '@/lib/route-data';
import { useEndSessions, type SessionEnding } from '../api/sessions';
import { deviceLabel } from '../utils/device-label';

/**
 * 내 정보: the devices signed in to this account, each with '종료', and '다른 세션 모두 종료'. The
 * current session has no end button here (signing out ends it).
 */
export function SessionsCard() {
  const { data, error } = useRoute('GET /api/auth/sessions');
  const { trigger, isMutating } = useEndSessions();
  const [asking, setAsking] = useState<SessionEnding | null>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const others = data?.filter((s) => !s.current).length ?? 0;

  const confirm = async () => {
    if (!asking) return;
    setResult(null);
    try {
      const { ended } = await trigger(asking);
      setResult({ tone: 'success', message: asking.which === 'one' ? m.ended : m.endedOthers(ended) });
    } catch (e) {
      setResult({ tone: 'error', message: errorMessage(e, m.endFailed) });
    } finally {
      setAsking(null);
    }
  };

  return (
    <Card
      title={m.title}
      description={m.description}
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={!others || isMutating}
          onClick={() => setAsking({ which: 'others' })}
        >
          {m.endOthers}
        </Button>
      }
    >
      <ErrorBox message={error ? errorMessage(error, m.loadFailed) : null} />
      {result && (
        <Alert tone={result.tone} onDismiss={() => setResult(null)}>
          {result.message}
        </Alert>
      )}
      {!data ? (
        !error && <LoadingBlock />
      ) : (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table} data-testid="sessions">
            <thead>
              <tr>
                <th>{m.columns.device}</th>
                <th>{m.columns.ip}</th>
                <th>{m.columns.signedIn}</th>
                <th>{m.columns.lastUsed}</th>
                <th className={tableStyles.actionsCol} aria-label="작업" />
              </tr>
            </thead>
            <tbody>
              {data.map((s) => (
                <SessionRow key={s.id} session={s} onEnd={() => setAsking({ which: 'one', id: s.id })} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={!!asking}
        title={asking?.which === 'others' ? m.endOthers : m.end}
        message={asking?.which === 'others' ? m.confirmEndOthers : m.confirmEnd}
        confirmLabel={asking?.which === 'others' ? m.endOthers : m.end}
        tone="danger"
        loading={isMutating}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      />
    </Card>
  );
}

function SessionRow({ session: s, onEnd }: { session: SessionDto; onEnd: () => void }) {
  const device = deviceLabel(s.userAgent) ?? m.unknownDevice;
  return (
    <tr data-session-id={s.id} data-current={s.current || undefined}>
      <td title={s.userAgent}>
        {device} {s.current && <Badge tone="primary">{m.current}</Badge>}{' '}
        {s.developerSwitch && <Badge tone="warning">{m.developerSwitch}</Badge>}
      </td>
      <td>{s.ip ?? '-'}</td>
      <td>{formatDateTime(s.signedInAt)}</td>
      <td>{formatDateTime(s.lastUsedAt)}</td>
      <td className={tableStyles.actionsCol}>
        {!s.current && (
          <Button variant="danger" size="sm" onClick={onEnd} aria-label={`${device} ${m.end}`}>
            {m.end}
          </Button>
        )}
      </td>
    </tr>
  );
}
