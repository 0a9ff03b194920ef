import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyField, type FieldConfigForm } from '../utils/field-config-form';
import { FieldConfigDialog } from './field-config-dialog';

/** A select field's options are added, reordered, removed and checked in the dialog. */
function open(initial: FieldConfigForm = emptyField()) {
  const onSubmit = vi.fn();
  render(<FieldConfigDialog initial={initial} editing={false} takenKeys={[]} onSubmit={onSubmit} onClose={vi.fn()} />);
  return { onSubmit, dialog: screen.getByRole('dialog', { name: '필드 추가' }), user: userEvent.setup() };
}
const optionBoxes = (dialog: HTMLElement) => within(dialog).queryAllByRole('textbox', { name: /^선택지 \d+$/ });

describe('FieldConfigDialog options', () => {
  it('shows the options only for a select, and sends them in the order set', async () => {
    const { dialog, user, onSubmit } = open();
    await user.type(within(dialog).getByLabelText('필드 키'), 'color');
    await user.type(within(dialog).getByLabelText(/^라벨/), '색상');
    expect(within(dialog).queryByRole('button', { name: '선택지 추가' })).toBeNull();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '입력 형식' }), 'select');

    await user.click(within(dialog).getByRole('button', { name: '추가' }));
    expect(await within(dialog).findByText('선택 항목(select) 필드에는 선택지를 1개 이상 입력해주세요.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    for (const option of ['파랑', '빨강', '초록']) {
      await user.click(within(dialog).getByRole('button', { name: '선택지 추가' }));
      await user.type(optionBoxes(dialog).at(-1)!, option);
    }
    await user.click(within(dialog).getByRole('button', { name: '선택지 2 위로 이동' }));
    await user.click(within(dialog).getByRole('button', { name: '선택지 3 삭제' }));
    expect(optionBoxes(dialog).map((b) => (b as HTMLInputElement).value)).toEqual(['빨강', '파랑']);
    await user.click(within(dialog).getByRole('button', { name: '추가' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ field_type: 'select', options: ['빨강', '파랑'] });
  });

  it('refuses a repeated or blank option on the option itself', async () => {
    const { dialog, user, onSubmit } = open({
      ...emptyField(),
      field_key: 'color',
      label: '색상',
      field_type: 'select',
      options: ['빨강', '빨강', ' '],
    });
    await user.click(within(dialog).getByRole('button', { name: '추가' }));
    expect(await within(dialog).findByText("선택지 '빨강'이(가) 두 번 들어 있습니다.")).toBeVisible();
    expect(within(dialog).getByText('빈 선택지는 둘 수 없습니다.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('FieldConfigDialog type of a fixed field', () => {
  it('offers the keyword field only its own type when edited, saying why', async () => {
    const onSubmit = vi.fn();
    render(
      <FieldConfigDialog
        initial={{ ...emptyField(), field_key: 'keywords', label: '키워드', field_type: 'text' }}
        editing
        takenKeys={['keywords']}
        onSubmit={onSubmit}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: '필드 수정' });
    const type = within(dialog).getByRole('combobox', { name: '입력 형식' });
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['텍스트']);
    expect(type).toHaveAccessibleDescription('슬롯 등록에 필요한 필드라 입력 형식을 바꿀 수 없습니다.');
  });
});
