import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { cashMessages } from '#shared/messages/cash';
import { chargeStatuses, chargeStatusLabels, type ChargeRequestDto, type ChargeStatus } from '#shared/schemas/cash';
import { adminPageSizes } from '#shared/page-sizes';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Card } from '@/components/ui/card';
import { TabBar, type TabBarTab } from '@/components/ui/tab-bar';
import { Modal } from '@/components/ui/modal';
import { PageHeader } from '@/components/ui/page-header';
import { ListPager } from '@/components/ui/pagination';
import { LoadingBlock } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatWon } from '@/lib/format';
import { useRoute } from '@/lib/route-data';
import {
  approveChargeSchema,
  rejectChargeSchema,
  useProcessChargeRequest,
  type ChargeAction,
} from '../api/process-charge-request';
import { useActionKey, type ActionKeys } from '@/hooks/use-action-key';
import { ChargeRequestsTable } from './charge-requests-table';
import { CashSystemGate } from './cash-system-off';
import styles from './cash.module.css';
import { usePaging } from '@/hooks/use-paging';

type Filter = ChargeStatus | 'all';

/** /admin/cash (operator console Cash approval): charge requests by status; approve with a bonus or reject. */
export function CashApprovalPage() {
  return (
    <CashSystemGate title="캐시 승인">
      <CashApprovalPageContent />
    </CashSystemGate>
  );
}

function CashApprovalPageContent() {
  const [filter, setFilter] = useState<Filter>('pending');
  const { page, limit, setPage, pagerProps } = usePaging(adminPageSizes);
  const { data, error, isLoading } = useRoute(
    'GET /api/cash/charge-requests',
    { query: { page, limit, ...(filter === 'all' ? {} : { status: filter }) } },
    { keepPreviousData: true },
  );
  const { data: stats } = useRoute('GET /api/cash/stats');
  const [approving, setApproving] = useState<ChargeRequestDto | null>(null);
  const [rejecting, setRejecting] = useState<ChargeRequestDto | null>(null);
  // One holder for both dialogs, kept while they close and reopen: retrying the same decision on the
  // same request reuses its key (the key follows the request id, action and body).
  const idempotency = useActionKey();

  const counts = stats?.chargeRequests;
  const total = counts ? chargeStatuses.reduce((s, k) => s + counts[k], 0) : undefined;
  const tabs: Array<TabBarTab<Filter>> = [
    { value: 'pending', label: chargeStatusLabels.pending, count: counts?.pending },
    { value: 'approved', label: chargeStatusLabels.approved, count: counts?.approved },
    { value: 'rejected', label: chargeStatusLabels.rejected, count: counts?.rejected },
    { value: 'cancelled', label: chargeStatusLabels.cancelled, count: counts?.cancelled },
    { value: 'all', label: '전체', count: total },
  ];

  return (
    <>
      <PageHeader
        title="캐시 승인"
        description="입금을 확인한 뒤 충전 요청을 승인하거나 거절하세요. 승인하면 충전 금액과 보너스가 잔액에 반영됩니다."
      />
      <Card>
        <TabBar
          label="충전 요청 상태"
          tabs={tabs}
          selected={filter}
          onSelect={(value) => {
            setFilter(value);
            setPage(1);
          }}
        />
        <ErrorBox message={error ? errorMessage(error, '충전 요청을 불러오지 못했습니다.') : null} />
        {isLoading && !data ? (
          <LoadingBlock />
        ) : (
          <ChargeRequestsTable
            items={data?.items ?? []}
            showUser
            emptyText={filter === 'pending' ? '대기 중인 충전 요청이 없습니다.' : '충전 요청이 없습니다.'}
            actions={(r) =>
              r.status === 'pending' ? (
                <div className={styles.rowActions}>
                  <Button size="sm" onClick={() => setApproving(r)}>
                    승인
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => setRejecting(r)}>
                    거절
                  </Button>
                </div>
              ) : null
            }
          />
        )}
        <ListPager {...pagerProps(data?.pagination.totalPages ?? 0)} />
      </Card>
      {approving && <ApproveDialog request={approving} idempotency={idempotency} onClose={() => setApproving(null)} />}
      {rejecting && <RejectDialog request={rejecting} idempotency={idempotency} onClose={() => setRejecting(null)} />}
    </>
  );
}

type ApproveForm = z.input<typeof approveChargeSchema>;

interface DialogProps {
  request: ChargeRequestDto;
  idempotency: ActionKeys;
  onClose: () => void;
}

/**
 * Sends the operator's decision: a success says so and closes the dialog; a failure stays in the hook's error
 * state, which the dialog shows.
 */
function useDecision({ idempotency, onClose }: DialogProps, successMessage: string) {
  const { trigger, isMutating, error, reset } = useProcessChargeRequest(idempotency);
  const toast = useToast();
  const decide = async (arg: ChargeAction) => {
    try {
      await trigger(arg);
      toast({ tone: 'success', message: successMessage });
      onClose();
    } catch {
      // Shown in the dialog from the hook's error state.
    }
  };
  return { decide, isMutating, error, reset };
}

function ApproveDialog(props: DialogProps) {
  const { request, onClose } = props;
  const { decide, isMutating, error, reset } = useDecision(props, cashMessages.approved);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ApproveForm, unknown, z.output<typeof approveChargeSchema>>({
    resolver: zodResolver(approveChargeSchema),
    defaultValues: { bonusPercentage: 0 },
  });
  const pct = Number(useWatch({ control, name: 'bonusPercentage' }));
  const bonus = Number.isInteger(pct) && pct >= 0 && pct <= 100 ? Math.floor((request.amount * pct) / 100) : 0;

  const onSubmit = handleSubmit((body) => decide({ action: 'approve', id: request.id, body }));

  return (
    <Modal
      open
      onClose={onClose}
      title="충전 요청 승인"
      description={`${request.userName} (${request.userEmail}) · 입금자 ${request.accountHolder}`}
      dismissible={!isMutating}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="충전 요청 승인">
        <ErrorBox message={error ? errorMessage(error, '승인에 실패했습니다.') : null} onDismiss={() => reset()} />
        <TextField
          label="보너스 비율 (%)"
          inputMode="numeric"
          hint="0에서 100 사이의 정수"
          error={errors.bonusPercentage?.message}
          data-autofocus
          {...register('bonusPercentage')}
        />
        <dl className={styles.summary}>
          <dt>충전 금액</dt>
          <dd>{formatWon(request.amount)}</dd>
          <dt>보너스</dt>
          <dd>{formatWon(bonus)}</dd>
          <dt className={styles.total}>반영 금액</dt>
          <dd className={styles.total}>{formatWon(request.amount + bonus)}</dd>
        </dl>
        <div className={styles.actions}>
          <DialogActions onCancel={onClose} busy={isMutating} type="submit" loadingText="승인 중...">
            승인
          </DialogActions>
        </div>
      </form>
    </Modal>
  );
}

type RejectForm = z.input<typeof rejectChargeSchema>;

function RejectDialog(props: DialogProps) {
  const { request, onClose } = props;
  const { decide, isMutating, error, reset } = useDecision(props, cashMessages.rejected);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RejectForm, unknown, z.output<typeof rejectChargeSchema>>({
    resolver: zodResolver(rejectChargeSchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = handleSubmit((body) => decide({ action: 'reject', id: request.id, body }));

  return (
    <Modal
      open
      onClose={onClose}
      title="충전 요청 거절"
      description={`${request.userName} · ${formatWon(request.amount)}`}
      dismissible={!isMutating}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="충전 요청 거절">
        <ErrorBox message={error ? errorMessage(error, '거절에 실패했습니다.') : null} onDismiss={() => reset()} />
        <div>
          <label className={styles.fieldLabel} htmlFor="reject-reason">
            거절 사유
          </label>
          <textarea
            id="reject-reason"
            className={styles.textarea}
            aria-invalid={errors.reason ? true : undefined}
            data-autofocus
            {...register('reason')}
          />
          {errors.reason && (
            <p role="alert" className={styles.minus}>
              {errors.reason.message}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <DialogActions onCancel={onClose} busy={isMutating} type="submit" variant="danger" loadingText="거절 중...">
            거절
          </DialogActions>
        </div>
      </form>
    </Modal>
  );
}
