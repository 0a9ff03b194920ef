import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /chat-test: chat test page — placeholder until its issue lands. */
export function ChatTestPage() {
  return (
    <>
      <PageHeader title="채팅 테스트" />
      <Card>
        <EmptyState icon="message" title="준비 중인 화면입니다." description="곧 이용하실 수 있도록 준비하고 있습니다." />
      </Card>
    </>
  );
}
