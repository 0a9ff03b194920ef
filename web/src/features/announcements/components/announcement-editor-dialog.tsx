import { lazy, Suspense, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { DialogActions } from '@/components/ui/dialog-actions';
import { TextField } from '@/components/ui/text-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { htmlToText } from '#shared/announcement-html';
import { announcementMessages as m, announcementPriorityLabels } from '#shared/messages/announcements';
import { announcementPriorities, type Announcement } from '#shared/announcements';
import type { AnnouncementInput } from '#shared/schemas/announcements';
import { loadAnnouncementSchemas, useSaveAnnouncement } from '../api/save-announcement';
import { CategoryOptions } from './announcement-labels';
import styles from './announcements.module.css';

// The rich-text editor (TipTap + ProseMirror) loads only when this dialog opens: never on first load.
const RichTextEditor = lazy(() => import('./rich-text-editor'));

type Form = Required<Omit<AnnouncementInput, 'start_date' | 'end_date'>> & { start_date: string; end_date: string };

const blank: Form = {
  title: '',
  content: '',
  content_type: 'html',
  category: 'general',
  priority: 'normal',
  is_pinned: false,
  is_active: true,
  start_date: '',
  end_date: '',
  images: [],
};

/** Title and content both filled (HTML content counts when it has text or an image). */
export const canSave = (f: Pick<Form, 'title' | 'content' | 'content_type'>) =>
  f.title.trim().length > 0 &&
  (f.content_type === 'text'
    ? f.content.trim().length > 0
    : htmlToText(f.content).length > 0 || /<img\s/i.test(f.content));

/** Create or edit one announcement: save stays disabled until title and content are filled. */
export function AnnouncementEditorDialog({
  announcement,
  onClose,
}: {
  announcement: Announcement | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(() =>
    announcement
      ? { ...blank, ...announcement, start_date: announcement.start_date ?? '', end_date: announcement.end_date ?? '' }
      : blank,
  );
  const [error, setError] = useState<string | null>(null);
  const { trigger, isMutating } = useSaveAnnouncement();
  const toast = useToast();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = async () => {
    const input = { ...form, start_date: form.start_date || null, end_date: form.end_date || null };
    const { createAnnouncementSchema } = await loadAnnouncementSchemas();
    const parsed = createAnnouncementSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? m.titleAndContentRequired);
      return;
    }
    try {
      await trigger(
        announcement
          ? { kind: 'update', id: announcement.id, input: parsed.data }
          : { kind: 'create', input: parsed.data },
      );
      toast({ tone: 'success', message: announcement ? m.updated : m.created });
      onClose();
    } catch (err) {
      const message = errorMessage(err, announcement ? m.updateFailed : m.createFailed);
      setError(message);
      toast({ tone: 'error', message });
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!isMutating}
      title={announcement ? '공지사항 수정' : '새 공지사항'}
      size="xl"
      footer={
        <>
          <DialogActions
            onCancel={onClose}
            busy={isMutating}
            onClick={() => void save()}
            disabled={!canSave(form) || isMutating}
          >
            {announcement ? '수정' : '등록'}
          </DialogActions>
        </>
      }
    >
      <TextField
        label="제목"
        requiredMark
        value={form.title}
        maxLength={200}
        onChange={(e) => set('title', e.target.value)}
      />
      <div className={styles.formGrid}>
        <label className={styles.field}>
          분류
          <select
            className={styles.select}
            value={form.category}
            onChange={(e) => set('category', e.target.value as Form['category'])}
          >
            <CategoryOptions />
          </select>
        </label>
        <label className={styles.field}>
          중요도
          <select
            className={styles.select}
            value={form.priority}
            onChange={(e) => set('priority', e.target.value as Form['priority'])}
          >
            {announcementPriorities.map((p) => (
              <option key={p} value={p}>
                {announcementPriorityLabels[p]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          내용 형식
          <select
            className={styles.select}
            value={form.content_type}
            onChange={(e) => set('content_type', e.target.value as Form['content_type'])}
          >
            <option value="html">서식 있는 글</option>
            <option value="text">일반 텍스트</option>
          </select>
        </label>
        <TextField
          label="게시 시작일"
          type="date"
          value={form.start_date}
          onChange={(e) => set('start_date', e.target.value)}
        />
        <TextField
          label="게시 종료일"
          type="date"
          value={form.end_date}
          onChange={(e) => set('end_date', e.target.value)}
        />
      </div>
      <div className={styles.toggles}>
        <label>
          <input type="checkbox" checked={form.is_active} onChange={(e) => set('is_active', e.target.checked)} /> 활성
        </label>
        <label>
          <input type="checkbox" checked={form.is_pinned} onChange={(e) => set('is_pinned', e.target.checked)} /> 상단
          고정
        </label>
      </div>
      {form.content_type === 'html' ? (
        <Suspense fallback={<LoadingBlock />}>
          <RichTextEditor
            value={form.content}
            onChange={(html) => set('content', html)}
            onImage={(url) => set('images', [...new Set([...form.images, url])])}
          />
        </Suspense>
      ) : (
        <label className={styles.field}>
          내용 <span className="visually-hidden">(필수)</span>
          <textarea
            className={styles.select}
            style={{ height: 240, padding: 10 }}
            value={form.content}
            onChange={(e) => set('content', e.target.value)}
          />
        </label>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
