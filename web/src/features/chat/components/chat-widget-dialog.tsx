import { chatMessages as m } from '#shared/messages/chat';
import { Modal } from '@/components/ui/modal';
import { ChatPanel } from './chat-panel';

/** The widget's modal (lazy chunk: zod, the list and the input load on the first open). */
export function ChatWidgetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={m.title} description={m.averageResponse} size="md">
      <ChatPanel active={open} />
    </Modal>
  );
}
