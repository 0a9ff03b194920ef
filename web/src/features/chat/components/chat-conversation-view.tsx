import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { ErrorBox } from '@/components/ui/alert';
import type { DisplayMessage } from '../utils/message-status';
import { ChatInput } from './chat-input';
import { ChatMessageList } from './chat-message-list';
import styles from './chat.module.css';

interface ChatConversationViewProps {
  messages: DisplayMessage[];
  loading: boolean;
  error: string | null;
  onDismissError: () => void;
  onSend: (content: string) => void;
  onRetry: (localId: string) => void;
  draft: string;
  onDraftChange: (value: string) => void;
  empty: ReactNode;
  /** Above the input (the inbox's canned replies). */
  tools?: ReactNode;
  inputDisabled?: boolean;
}

/** Error banner, message list and input: the same conversation in the widget and the inbox. */
export function ChatConversationView(props: ChatConversationViewProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const focusAfterSend = useRef(false);

  // Back to the box right after a send (before paint, so typing can go on without a click).
  useLayoutEffect(() => {
    if (!focusAfterSend.current) return;
    focusAfterSend.current = false;
    textarea.current?.focus();
  });

  return (
    <div className={styles.conversation}>
      <ErrorBox message={props.error} onDismiss={props.onDismissError} />
      <ChatMessageList messages={props.messages} loading={props.loading} empty={props.empty} onRetry={props.onRetry} />
      {props.tools}
      <ChatInput
        value={props.draft}
        onChange={props.onDraftChange}
        textareaRef={textarea}
        disabled={props.inputDisabled}
        onSend={(content) => {
          focusAfterSend.current = true;
          props.onDraftChange('');
          props.onSend(content);
        }}
      />
    </div>
  );
}
