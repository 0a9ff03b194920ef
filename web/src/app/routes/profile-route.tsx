import { ProfilePage } from '@/features/auth/components/profile-page';
import { SecondFactorCard } from '@/features/second-factor/components/second-factor-card';

/** 내 정보: the account (features/auth) and its second factor (features/second-factor). */
export function ProfileRoute() {
  return (
    <>
      <ProfilePage />
      <div style={{ marginTop: 24 }}>
        <SecondFactorCard />
      </div>
    </>
  );
}
