import { useState } from 'react';
import { secondFactorMessages as m } from '#shared/messages/second-factor';
import { Alert, ErrorBox } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { formatDateTime } from '@/lib/format';
import { setEnrolmentRequired } from '@/lib/session-store';
import { useRoute } from '@/lib/route-data';
import { resetOwnSecondFactor } from '../api/second-factor';
import { useCodeForm } from '../hooks/use-code-form';
import { Enrolment } from './enrolment';
import styles from './second-factor.module.css';

/** 내 정보: the caller's second factor — enrol one, or see it and remove it with a recovery code. */
export function SecondFactorCard() {
  const { data: status, mutate } = useRoute('GET /api/auth/second-factor');
  const [enrolling, setEnrolling] = useState(false);
  return (
    <Card
      title="2단계 인증"
      description="비밀번호에 더해 인증 앱의 6자리 코드로 로그인합니다. 운영자와 개발자는 필수일 수 있습니다."
    >
      {!status ? (
        <LoadingBlock />
      ) : status.enrolled ? (
        <div className={styles.stack}>
          <p>
            <Badge tone="success">사용 중</Badge> {status.enrolledAt ? `${formatDateTime(status.enrolledAt)} 등록` : ''}
            {' · '}남은 복구 코드 {status.recoveryCodesLeft}개
          </p>
          <ResetOwn onReset={() => void mutate()} />
        </div>
      ) : enrolling ? (
        <Enrolment
          onDone={() => {
            setEnrolling(false);
            setEnrolmentRequired(false);
            void mutate();
          }}
        />
      ) : (
        <div className={styles.stack}>
          <p>
            <Badge tone="neutral">사용 안 함</Badge>
            {status.required ? ' 이 계정은 2단계 인증을 등록해야 합니다.' : ''}
          </p>
          <div>
            <Button onClick={() => setEnrolling(true)}>2단계 인증 등록</Button>
          </div>
        </div>
      )}
    </Card>
  );
}

/** Removing one's own factor takes a recovery code: a session left open somewhere cannot. */
function ResetOwn({ onReset }: { onReset: () => void }) {
  const [done, setDone] = useState(false);
  const { submit, busy, failure, setFailure, fieldError } = useCodeForm({
    field: 'recoveryCode',
    schema: 'recoveryCodeSchema',
    send: async (recoveryCode) => {
      await resetOwnSecondFactor(recoveryCode);
      setDone(true);
      onReset();
    },
    refused: m.recoveryCodeWrong,
  });

  if (done) return <Alert tone="success">2단계 인증을 해제했습니다.</Alert>;
  return (
    <details>
      <summary>휴대폰을 바꿨거나 2단계 인증을 해제하려면</summary>
      <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.muted}>
          복구 코드 하나로 지금의 인증 앱 등록을 해제합니다. 그 뒤 새로 등록할 수 있습니다.
        </p>
        <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
        <div className={styles.row}>
          <TextField
            label={m.recoveryCodeLabel}
            name="recoveryCode"
            autoComplete="off"
            placeholder="abcde-fghij"
            error={fieldError}
          />
          <Button type="submit" variant="danger" loading={busy} loadingText="해제 중...">
            2단계 인증 해제
          </Button>
        </div>
      </form>
    </details>
  );
}
