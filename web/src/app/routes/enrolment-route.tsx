import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { EnrolmentScreen } from '@/features/second-factor/components/enrolment-screen';

/** The whole app for a staff account that must enrol a second factor first (guards.tsx). */
export function EnrolmentRoute() {
  const { signOut } = useSignOut();
  return <EnrolmentScreen onSignOut={() => void signOut()} />;
}
