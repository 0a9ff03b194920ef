import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { AnnouncementEditorDialog, canSave } from './announcement-editor-dialog';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let posted: unknown[] = [];

beforeEach(() => {
  posted = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return json({ success: true, data: { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } }, 201);
    }
    return json({ success: true, data: { announcements: [], total: 0 } });
  });
});
afterEach(() => vi.restoreAllMocks());

const renderDialog = (onClose = vi.fn()) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <AnnouncementEditorDialog announcement={null} onClose={onClose} />
      </ToastProvider>
    </SWRConfig>,
  );

describe('announcement editor dialog', () => {
  it('counts only real content: markup without text or an image is empty', () => {
    expect(canSave({ title: '제목', content: '<p></p>', content_type: 'html' })).toBe(false);
    expect(canSave({ title: ' ', content: '<p>본문</p>', content_type: 'html' })).toBe(false);
    expect(
      canSave({
        title: '제목',
        content: '<p><img src="/media/announcements/01ARZ3NDEKTSV4RRFFQ69G5FAV.png"></p>',
        content_type: 'html',
      }),
    ).toBe(true);
    expect(canSave({ title: '제목', content: '  ', content_type: 'text' })).toBe(false);
  });

  it('keeps save disabled until title and content are filled, then creates with the shared schema’s defaults', async () => {
    const onClose = vi.fn();
    renderDialog(onClose);
    const save = screen.getByRole('button', { name: '등록' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByLabelText('제목'), '점검 안내');
    expect(save).toBeDisabled();
    // Plain text mode (the rich editor is covered by the browser journey).
    await userEvent.selectOptions(screen.getByLabelText('내용 형식'), 'text');
    await userEvent.type(screen.getByRole('textbox', { name: /^내용 \(필수\)/ }), '새벽 2시에 점검합니다.');
    expect(save).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: '상단 고정' }));
    await userEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([
      expect.objectContaining({
        title: '점검 안내',
        content: '새벽 2시에 점검합니다.',
        content_type: 'text',
        is_pinned: true,
        is_active: true,
        category: 'general',
        priority: 'normal',
        start_date: null,
        end_date: null,
      }),
    ]);
    expect(await screen.findByText('공지사항이 등록되었습니다.')).toBeInTheDocument();
  });

  it('shows the schema’s Korean message and sends nothing when the dates are reversed', async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText('제목'), '이벤트');
    await userEvent.selectOptions(screen.getByLabelText('내용 형식'), 'text');
    await userEvent.type(screen.getByRole('textbox', { name: /^내용 \(필수\)/ }), '본문');
    await userEvent.type(screen.getByLabelText('게시 시작일'), '2030-05-02');
    await userEvent.type(screen.getByLabelText('게시 종료일'), '2030-05-01');
    await userEvent.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('게시 종료일은 시작일보다 빠를 수 없습니다.');
    expect(posted).toEqual([]);
  });
});
