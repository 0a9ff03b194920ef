import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '#shared/zod';
import { coupangUrlError } from '#shared/coupang-url';
import { coupangUrlMessages, slotMessages, slotFieldMessages } from '#shared/messages/slots';
import { MAX_BULK_EDIT, userBulkUpdateSchema, type SlotDto } from '#shared/schemas/slots';
import { MAX_KEYWORDS } from '#shared/slot-constants';
import { splitKeywords } from '#shared/slot-fields';
import { Alert, ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { failureText } from '@/lib/failure-text';
import { fieldValue } from '@/lib/slots/slot-display';
import styles from '@/components/slots/slot-forms.module.css';
import { useRouteMutation } from '@/lib/route-data';
import { slotReads } from '@/lib/slots/invalidate';

/** Bulk edit form rules: blank fields stay unchanged; not both blank; the shared URL rule. */
const bulkEditFormSchema = z.object({ keyword: z.string(), url: z.string() }).check(
  z.superRefine((value, ctx) => {
    const keyword = value.keyword.trim();
    const url = value.url.trim();
    if (!keyword && !url) {
      ctx.addIssue({ code: 'custom', path: ['root'], message: slotFieldMessages.bulkEditEmpty });
      return;
    }
    if (keyword && splitKeywords(keyword).length > MAX_KEYWORDS)
      ctx.addIssue({ code: 'custom', path: ['keyword'], message: slotFieldMessages.tooManyKeywords });
    const urlError = url ? coupangUrlError(url) : null;
    if (urlError) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: urlError });
      ctx.addIssue({ code: 'custom', path: ['root'], message: coupangUrlMessages.checkFormat });
    }
  }),
);
type BulkEditForm = z.infer<typeof bulkEditFormSchema>;

/** 일괄 정보 변경: step 1 the form, step 2 an irreversible, logged confirmation. */
export function BulkEditModal({
  slots,
  onClose,
  onDone,
}: {
  slots: SlotDto[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [values, setValues] = useState<BulkEditForm | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { trigger, isMutating } = useRouteMutation('PUT /api/slots/user/bulk-update', {
    invalidates: slotReads,
    invalidatesOnError: true,
  });
  const toast = useToast();
  const tooMany = slots.length > MAX_BULK_EDIT;
  const listed = slots.slice(0, MAX_BULK_EDIT);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BulkEditForm>({ resolver: zodResolver(bulkEditFormSchema), defaultValues: { keyword: '', url: '' } });
  const rootError = (errors as { root?: { message?: string } }).root?.message;

  const toConfirm = handleSubmit((v) => {
    setValues({ keyword: v.keyword.trim(), url: v.url.trim() });
    setStep('confirm');
  });

  const apply = async () => {
    if (!values) return;
    setFailure(null);
    try {
      const body = userBulkUpdateSchema.parse({
        slotIds: listed.map((s) => s.id),
        updates: { ...(values.keyword ? { keyword: values.keyword } : {}), ...(values.url ? { url: values.url } : {}) },
      });
      await trigger({ body });
      toast({ tone: 'success', message: slotMessages.bulkUpdated });
      onDone();
    } catch (e) {
      setFailure(failureText(e, { refused: slotMessages.bulkUpdateFailed, unexpected: slotMessages.bulkUpdateError }));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={step === 'form' ? '일괄 정보 변경' : '일괄 변경 확인'}
      description={`선택한 슬롯 ${listed.length}개`}
      dismissible={!isMutating}
      footer={
        step === 'form' ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              취소
            </Button>
            <Button type="submit" form="bulk-edit-form" disabled={tooMany}>
              다음
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setStep('form')} disabled={isMutating}>
              이전
            </Button>
            <Button variant="danger" onClick={() => void apply()} loading={isMutating} loadingText="변경 중...">
              {listed.length}개 슬롯 변경
            </Button>
          </>
        )
      }
    >
      {step === 'form' ? (
        <form id="bulk-edit-form" onSubmit={toConfirm} noValidate className={styles.stack}>
          {tooMany && <Alert tone="warning">{slotMessages.tooManySelected(MAX_BULK_EDIT)}</Alert>}
          <ul className={styles.slotList} aria-label="선택한 슬롯">
            {listed.map((s) => (
              <li key={s.id}>
                <span>#{s.slot_number}</span>
                <span>{fieldValue(s, 'keywords') || '(입력대기)'}</span>
              </li>
            ))}
          </ul>
          <ErrorBox message={rootError} />
          <TextField
            label="키워드"
            placeholder="변경할 키워드 (비워두면 유지)"
            error={errors.keyword?.message}
            autoComplete="off"
            {...register('keyword')}
          />
          <TextField
            label="URL"
            placeholder="변경할 쿠팡 상품 URL (비워두면 유지)"
            error={errors.url?.message}
            autoComplete="off"
            inputMode="url"
            {...register('url')}
          />
          <p className={styles.hint}>
            비워둔 항목은 변경되지 않습니다. 키워드나 URL이 바뀐 슬롯은 순위 정보가 초기화됩니다.
          </p>
        </form>
      ) : (
        <div className={styles.stack}>
          <div className={styles.warningText} role="alert">
            선택한 {listed.length}개 슬롯의 정보를 아래와 같이 변경합니다. 이 작업은 되돌릴 수 없으며, 모든 변경 내역은
            기록됩니다.
          </div>
          <ul className={styles.changeList}>
            {values?.keyword && (
              <li>
                키워드 → <strong>{values.keyword}</strong>
              </li>
            )}
            {values?.url && (
              <li>
                URL → <strong>{values.url}</strong>
              </li>
            )}
          </ul>
          <ErrorBox message={failure} onDismiss={() => setFailure(null)} />
        </div>
      )}
    </Modal>
  );
}
