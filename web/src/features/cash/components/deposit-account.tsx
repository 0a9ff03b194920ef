import { cashMessages } from '#shared/messages/cash';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useAppSettings } from '@/lib/app-settings';
import styles from './cash.module.css';

/**
 * Where to transfer: the business deposit account from the settings, with a copy
 * button for the account number; with none set, the advertiser is told to ask the operator.
 */
export function DepositAccount() {
  const { depositBankName, depositAccountNumber, depositAccountHolder } = useAppSettings();
  if (!depositAccountNumber) return <Alert tone="warning">{cashMessages.depositAccountMissing}</Alert>;
  return <AccountLine bank={depositBankName} number={depositAccountNumber} holder={depositAccountHolder} />;
}

function AccountLine({ bank, number: depositAccountNumber, holder }: { bank: string; number: string; holder: string }) {
  const toast = useToast();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(depositAccountNumber);
      toast({ tone: 'success', message: cashMessages.depositAccountCopied });
    } catch {
      toast({ tone: 'warning', message: cashMessages.depositAccountCopyFailed });
    }
  };
  return (
    <section className={styles.depositAccount} aria-label={cashMessages.depositAccountTitle}>
      <div>
        <p className={styles.fieldLabel}>{cashMessages.depositAccountTitle}</p>
        <p className={styles.depositLine}>
          {bank && <span>{bank}</span>}
          <strong data-testid="deposit-account-number">{depositAccountNumber}</strong>
          {holder && <span>예금주 {holder}</span>}
        </p>
      </div>
      <Button type="button" variant="secondary" size="sm" onClick={copy} aria-label="계좌번호 복사">
        복사
      </Button>
    </section>
  );
}
