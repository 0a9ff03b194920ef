import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

/** /ranking: keyword and advertiser ranking tabs — placeholder until its issue lands. */
export function RankingPage() {
  return (
    <>
      <PageHeader title="성과 랭킹" />
      <Card>
        <EmptyState icon="trophy" title="준비 중인 화면입니다." description="곧 이용하실 수 있도록 준비하고 있습니다." />
      </Card>
    </>
  );
}
