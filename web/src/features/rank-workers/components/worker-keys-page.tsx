import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { WorkerKeysPanel } from './worker-keys-panel';

/** /admin/rank-workers (developer only): the worker keys panel on a page of its own. */
export function WorkerKeysPage() {
  return (
    <>
      <PageHeader title="순위 수집 워커 키" description="순위 수집 워커가 순위 결과를 보낼 때 쓰는 API 키를 발급하고 폐기합니다." />
      <Card>
        <WorkerKeysPanel />
      </Card>
    </>
  );
}
