import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { setEnrolmentRequired } from '@/lib/session-store';
import { Enrolment } from './enrolment';
import styles from './second-factor.module.css';

/**
 * What a staff account that must have a second factor sees until it has one: the server refuses
 * everything else (403 `SECOND_FACTOR_ENROLMENT`), so this is the whole app for now.
 */
export function EnrolmentScreen({ onSignOut }: { onSignOut: () => void }) {
  return (
    <main className={styles.screen}>
      <Card
        title="2단계 인증 등록"
        description="운영자와 개발자 계정은 비밀번호와 함께 인증 앱의 코드로 로그인해야 합니다. 등록을 마치면 바로 이용할 수 있습니다."
        actions={
          <Button variant="ghost" onClick={onSignOut}>
            로그아웃
          </Button>
        }
      >
        <Enrolment onDone={() => setEnrolmentRequired(false)} />
      </Card>
    </main>
  );
}
