import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { authMessages } from '#shared/messages/auth';
import { roleLabels } from '#shared/roles';
import type { UserDto } from '#shared/schemas/auth';
import type { UserDetails } from '#shared/schemas/users';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { useCurrentUser } from '@/lib/session-store';
import { UserDetailsForm } from '@/components/users/user-details-form';
import { useRoute } from '@/lib/route-data';
import { useMe } from '../api/get-me';
import { profileUpdateSchema, useUpdateProfile } from '../api/update-profile';
import styles from './profile-page.module.css';
import { SessionsCard } from './sessions-card';

type FormInput = z.input<typeof profileUpdateSchema>;
type FormOutput = z.output<typeof profileUpdateSchema>;
type FieldName = keyof FormInput;

const emptyPasswords = { currentPassword: '', password: '', confirmPassword: '' };

export function ProfilePage() {
  const sessionUser = useCurrentUser();
  const { data: me, error } = useMe();
  // Fresh data from /auth/me; if that fails the session's copy is still good enough to edit.
  const user = me ?? (error ? sessionUser : null);

  return (
    <>
      <PageHeader title="내 정보" description="계정 정보를 확인하고 이름과 비밀번호를 변경할 수 있습니다." />
      {user ? <ProfileForm key={user.id} user={user} /> : <LoadingBlock />}
      <ProfileDetailsCard />
      <div className={styles.details}>
        <SessionsCard />
      </div>
    </>
  );
}

/** Bank account and business details of the user record. */
function ProfileDetailsCard() {
  const { data, mutate } = useRoute('GET /api/auth/profile/details', undefined, { revalidateOnFocus: false });
  // The answer goes into the cache as it is (the form resets to it).
  const save = async (details: UserDetails) => {
    const saved = await api.call('PUT /api/auth/profile/details', { body: details });
    await mutate(saved, { revalidate: false });
    return saved;
  };
  return (
    <div className={styles.details}>
      <Card title="계좌 및 사업자 정보" description="환불·정산 계좌와 세금계산서에 쓰일 사업자 정보입니다.">
        {data ? <UserDetailsForm initial={data} onSave={save} /> : <LoadingBlock />}
      </Card>
    </div>
  );
}

function ProfileForm({ user }: { user: UserDto }) {
  const { trigger, isMutating } = useUpdateProfile();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const saved = { fullName: user.fullName, ...emptyPasswords };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(profileUpdateSchema), defaultValues: saved });

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      const updated = await trigger(values);
      reset({ fullName: updated.fullName, ...emptyPasswords });
      setResult({
        tone: 'success',
        message: values.password ? authMessages.passwordChanged : authMessages.profileUpdated,
      });
    } catch (e) {
      if (e instanceof ApiError) {
        for (const issue of e.fieldIssues) {
          if (issue.field in saved) setError(issue.field as FieldName, { message: issue.message });
        }
      }
      // A failed password change and a failed name update have their own fallback texts.
      const fallback = values.password ? authMessages.passwordChangeError : authMessages.profileUpdateError;
      setResult({ tone: 'error', message: errorMessage(e, fallback) });
    }
  });

  const onReset = () => {
    reset(saved);
    setResult(null);
  };

  return (
    <div className={styles.layout}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Card title="기본 정보" description="이름만 변경할 수 있습니다.">
          <div className={styles.fields}>
            <TextField label="아이디" value={user.email} readOnly hint="아이디는 변경할 수 없습니다." />
            <TextField label="가입일" value={formatDate(user.createdAt)} readOnly />
            <TextField
              className={styles.full}
              label="이름"
              autoComplete="name"
              requiredMark
              error={errors.fullName?.message}
              {...register('fullName')}
            />
          </div>
        </Card>

        <Card title="비밀번호 변경" description="비밀번호를 변경하지 않으려면 비워두세요.">
          <div className={styles.fields}>
            <TextField
              className={styles.full}
              label="현재 비밀번호"
              type="password"
              autoComplete="current-password"
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <TextField
              label="새 비밀번호"
              type="password"
              autoComplete="new-password"
              hint="6자 이상 입력해주세요."
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              label="새 비밀번호 확인"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
          </div>
        </Card>

        {result && (
          <Alert tone={result.tone} onDismiss={() => setResult(null)}>
            {result.message}
          </Alert>
        )}

        <div className={styles.actions}>
          <Button variant="secondary" onClick={onReset} disabled={isMutating}>
            초기화
          </Button>
          <Button type="submit" loading={isMutating} loadingText="저장 중...">
            저장
          </Button>
        </div>
      </form>

      <Card title="계정 정보">
        <div className={styles.summary}>
          <span className={styles.avatar} aria-hidden="true">
            {(user.fullName || user.email).charAt(0)}
          </span>
          <div>
            <p className={styles.name}>{user.fullName || user.email}</p>
            <p className={styles.email}>{user.email}</p>
          </div>
        </div>
        <dl className={styles.info}>
          <dt>가입일</dt>
          <dd>{formatDate(user.createdAt)}</dd>
          <dt>최근 로그인</dt>
          <dd>{formatDateTime(user.lastLoginAt)}</dd>
          <dt>권한</dt>
          <dd>{roleLabels[user.role] ?? user.role}</dd>
          <dt>상태</dt>
          <dd>
            {user.isActive && user.status === 'active' ? (
              <Badge tone="success">활성</Badge>
            ) : (
              <Badge tone="danger">비활성</Badge>
            )}
          </dd>
        </dl>
      </Card>
    </div>
  );
}
