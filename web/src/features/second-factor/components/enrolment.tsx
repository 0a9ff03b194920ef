import { useState } from 'react';
import { secondFactorMessages as m } from '#shared/messages/second-factor';
import type { SecondFactorEnrolment } from '#shared/schemas/second-factor';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api-client';
import { confirmEnrolment, startEnrolment } from '../api/second-factor';
import { useCodeForm } from '../hooks/use-code-form';
import { CodeField } from './code-field';
import { QrCode } from './qr-code';
import styles from './second-factor.module.css';

/**
 * Enrolling an authenticator app: a new secret as a QR code (and as text, to type in by hand), the
 * first code to prove the app holds it, then the ten recovery codes, shown this once.
 */
export function Enrolment({ onDone }: { onDone: () => void }) {
  const [started, setStarted] = useState<SecondFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const {
    submit: confirm,
    busy,
    setBusy,
    failure,
    setFailure,
    fieldError,
  } = useCodeForm({
    field: 'code',
    schema: 'totpCodeSchema',
    send: async (code) => setRecoveryCodes((await confirmEnrolment(code)).recoveryCodes),
    refused: m.codeWrong,
  });

  const start = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setStarted(await startEnrolment());
    } catch (e) {
      setFailure(errorMessage(e, '인증 앱 등록을 시작하지 못했습니다.'));
    } finally {
      setBusy(false);
    }
  };

  if (recoveryCodes)
    return (
      <div className={styles.stack}>
        <p>
          2단계 인증이 등록되었습니다. 아래 복구 코드 10개를 안전한 곳에 적어 두세요. 휴대폰을 잃어버렸을 때 코드 대신
          하나씩 쓸 수 있으며, <strong>지금 한 번만</strong> 보여 드립니다.
        </p>
        <ol className={styles.codes} aria-label="복구 코드">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <Button onClick={onDone}>복구 코드를 저장했습니다</Button>
      </div>
    );

  if (!started)
    return (
      <div className={styles.stack}>
        <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
        <p>Google Authenticator 같은 인증 앱으로 QR 코드를 찍고, 앱에 나오는 6자리 코드를 입력하면 등록됩니다.</p>
        <div>
          <Button onClick={() => void start()} loading={busy} loadingText="준비 중...">
            인증 앱 등록 시작
          </Button>
        </div>
      </div>
    );

  return (
    <form className={styles.stack} onSubmit={(event) => void confirm(event)} noValidate>
      <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
      <p>1. 인증 앱에서 QR 코드를 찍으세요.</p>
      <QrCode value={started.otpauthUri} label="인증 앱 등록 QR 코드" />
      <details className={styles.manual}>
        <summary>QR 코드를 찍을 수 없으면 직접 입력하세요</summary>
        <p>
          설정 키: <code data-testid="totp-secret">{started.secret}</code>
        </p>
        <p>
          주소: <code data-testid="otpauth-uri">{started.otpauthUri}</code>
        </p>
      </details>
      <p>2. 앱에 표시된 6자리 코드를 입력하세요.</p>
      <CodeField error={fieldError} />
      <div>
        <Button type="submit" loading={busy} loadingText="확인 중...">
          코드 확인
        </Button>
      </div>
    </form>
  );
}
