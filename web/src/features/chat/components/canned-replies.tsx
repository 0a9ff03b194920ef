import { useId, useState } from 'react';
import { CANNED_CONTENT_MAX, CANNED_TITLE_MAX, type CannedReply } from '#shared/schemas/chat';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { routeCacheKey, useRoute, useRouteMutation } from '@/lib/route-data';
import styles from './chat-inbox.module.css';
import { useSWRConfig } from 'swr';
import { cannedRepliesBodySchema } from '#shared/schemas/chat';

/** Canned replies above the operator's input (a console addition): a click inserts the text. */
export function CannedRepliesBar({ onInsert }: { onInsert: (content: string) => void }) {
  const { data } = useRoute('GET /api/chat/canned-replies', undefined, { revalidateOnFocus: false });
  const [editing, setEditing] = useState(false);
  return (
    <div className={styles.canned} role="group" aria-label="자주 쓰는 답변">
      {(data?.items ?? []).map((reply) => (
        <button
          key={reply.id}
          type="button"
          className={styles.cannedChip}
          onClick={() => onInsert(reply.content)}
          title={reply.content}
        >
          {reply.title}
        </button>
      ))}
      <button type="button" className={styles.cannedEdit} onClick={() => setEditing(true)}>
        답변 편집
      </button>
      {editing && data && <CannedRepliesEditor initial={data.items} onClose={() => setEditing(false)} />}
    </div>
  );
}

type Draft = { id?: string; title: string; content: string };

function CannedRepliesEditor({ initial, onClose }: { initial: CannedReply[]; onClose: () => void }) {
  const [items, setItems] = useState<Draft[]>(() => initial.map((x) => ({ ...x })));
  const [error, setError] = useState<string | null>(null);
  const { mutate } = useSWRConfig();
  // The saved list is the list: it goes into the cache as answered.
  const save = useRouteMutation('PUT /api/chat/canned-replies', {
    onSuccess: (result) => void mutate(routeCacheKey('GET /api/chat/canned-replies'), result, { revalidate: false }),
  });
  const baseId = useId();

  const update = (index: number, patch: Partial<Draft>) =>
    setItems((list) => list.map((x, i) => (i === index ? { ...x, ...patch } : x)));

  const submit = async () => {
    const parsed = cannedRepliesBodySchema.safeParse({ items });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '입력값을 확인해주세요.');
      return;
    }
    try {
      await save.trigger({ body: parsed.data });
      onClose();
    } catch (e) {
      setError(errorMessage(e, '자주 쓰는 답변을 저장하지 못했습니다.'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="자주 쓰는 답변 편집"
      size="lg"
      dismissible={!save.isMutating}
      footer={
        <>
          <DialogActions onCancel={onClose} busy={save.isMutating} onClick={() => void submit()}>
            저장
          </DialogActions>
        </>
      }
    >
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <ol className={styles.cannedEditor}>
        {items.map((item, index) => (
          <li key={item.id ?? `new-${index}`}>
            <label htmlFor={`${baseId}-t${index}`}>제목</label>
            <input
              id={`${baseId}-t${index}`}
              value={item.title}
              maxLength={CANNED_TITLE_MAX}
              onChange={(e) => update(index, { title: e.currentTarget.value })}
            />
            <label htmlFor={`${baseId}-c${index}`}>내용</label>
            <textarea
              id={`${baseId}-c${index}`}
              rows={3}
              value={item.content}
              maxLength={CANNED_CONTENT_MAX}
              onChange={(e) => update(index, { content: e.currentTarget.value })}
            />
            <Button variant="ghost" size="sm" onClick={() => setItems((list) => list.filter((_, i) => i !== index))}>
              삭제
            </Button>
          </li>
        ))}
      </ol>
      <Button variant="secondary" size="sm" onClick={() => setItems((list) => [...list, { title: '', content: '' }])}>
        답변 추가
      </Button>
    </Modal>
  );
}
