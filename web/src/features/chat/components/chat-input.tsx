import { useId, useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';
import { chatMessages as m } from '#shared/messages/chat';
import { CHAT_MESSAGE_MAX, CHAT_TEXTAREA_MAX_PX, CHAT_TEXTAREA_MIN_PX } from '#shared/schemas/chat';
import { Icon } from '@/components/ui/icon';
import styles from './chat.module.css';

interface ChatInputProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (content: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  disabled?: boolean;
}

/**
 * The message box: grows from 40 to 120 px, Enter sends and Shift+Enter breaks the
 * line (never while an IME is composing Korean), and a x/2000 counter shows while typing.
 */
export function ChatInput({ value, onChange, onSend, textareaRef, disabled = false }: ChatInputProps) {
  const helpId = useId();
  const counterId = useId();
  const length = [...value].length;
  const content = value.trim();
  const canSend = !disabled && content.length > 0 && length <= CHAT_MESSAGE_MAX;

  // Before paint, so the box never flickers at the wrong height.
  useLayoutEffect(() => {
    const box = textareaRef.current;
    if (!box) return;
    box.style.height = `${CHAT_TEXTAREA_MIN_PX}px`;
    box.style.height = `${Math.min(CHAT_TEXTAREA_MAX_PX, Math.max(CHAT_TEXTAREA_MIN_PX, box.scrollHeight))}px`;
  }, [value, textareaRef]);

  const submit = () => {
    if (!canSend) return;
    onSend(content);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // 229: the key that ends a Korean IME composition; sending then would cut the last syllable.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  return (
    <div className={styles.inputArea}>
      <div className={styles.inputRow}>
        <textarea
          ref={textareaRef}
          className={styles.textarea}
          value={value}
          rows={1}
          placeholder={m.placeholder}
          aria-label="메시지 입력"
          aria-describedby={`${helpId}${length > 0 ? ` ${counterId}` : ''}`}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          style={{ minHeight: CHAT_TEXTAREA_MIN_PX, maxHeight: CHAT_TEXTAREA_MAX_PX }}
        />
        <button
          type="button"
          className={styles.sendButton}
          onClick={submit}
          disabled={!canSend}
          aria-label="보내기"
          title="보내기"
        >
          <Icon name="send" size={18} />
        </button>
      </div>
      <div className={styles.inputMeta}>
        <span id={helpId}>{m.inputHelp}</span>
        {length > 0 && (
          <span
            id={counterId}
            className={length > CHAT_MESSAGE_MAX ? styles.counterOver : undefined}
            data-testid="chat-counter"
          >
            {length}/{CHAT_MESSAGE_MAX}
          </span>
        )}
      </div>
      {length > CHAT_MESSAGE_MAX && (
        <p className={styles.inputError} role="alert">
          {m.tooLong}
        </p>
      )}
    </div>
  );
}
