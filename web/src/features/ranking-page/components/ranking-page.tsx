import { Navigate, useSearchParams } from 'react-router';
import { homePathFor } from '#shared/roles';
import { rankingMessages } from '#shared/messages/ranking';
import { ErrorBox } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAppSettings, useAppSettingsStatus } from '@/lib/app-settings';
import { formatDateTime } from '@/lib/format';
import { useSessionState } from '@/lib/session-store';
import { useRoute } from '@/lib/route-data';
import { AdvertiserRankingTable } from './advertiser-ranking-table';
import { KeywordRankingTable } from './keyword-ranking-table';
import styles from './ranking.module.css';

type Tab = 'keywords' | 'advertisers';

/** The server caches the rankings a minute. */
const rankingOptions = { revalidateOnFocus: false, dedupingInterval: 30_000 };

/**
 * /ranking: real ranks of running slots in two tabs, keyword and advertiser. Only
 * with featureRanking on (the menu entry hides with it; a direct visit goes home). Other
 * advertisers appear masked for ordinary users (the server decides what each caller sees).
 */
export function RankingPage() {
  const settings = useAppSettings();
  const settingsStatus = useAppSettingsStatus();
  const { session } = useSessionState();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'advertisers' ? 'advertisers' : 'keywords';
  const enabled = settings.featureRanking;

  if (settingsStatus === 'ready' && !enabled)
    return <Navigate to={session ? homePathFor(session.user.role) : '/'} replace />;

  return (
    <>
      <PageHeader title="성과 랭킹" description="진행중인 슬롯의 실제 순위로 집계합니다. (1분마다 갱신)" />
      <Card>
        <div className={styles.tabs} role="tablist" aria-label="랭킹 구분">
          <button
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === 'keywords'}
            onClick={() => setParams({}, { replace: true })}
          >
            키워드 랭킹
          </button>
          <button
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === 'advertisers'}
            onClick={() => setParams({ tab: 'advertisers' }, { replace: true })}
          >
            광고주 랭킹
          </button>
        </div>
        <div role="tabpanel">
          {tab === 'keywords' ? <KeywordTab enabled={enabled} /> : <AdvertiserTab enabled={enabled} />}
        </div>
      </Card>
    </>
  );
}

function Empty() {
  return <EmptyState icon="trophy" title={rankingMessages.empty} description={rankingMessages.emptyHint} />;
}

function Updated({ at }: { at: string }) {
  return <p className={styles.footnote}>집계 시각 {formatDateTime(at)} (KST)</p>;
}

function KeywordTab({ enabled }: { enabled: boolean }) {
  const { data, error, isLoading } = useRoute('GET /api/ranking/keywords', enabled ? undefined : null, rankingOptions);
  if (isLoading) return <LoadingBlock />;
  if (error) return <ErrorBox message={errorMessage(error, rankingMessages.loadFailed)} />;
  if (!data || data.best.length === 0) return <Empty />;
  return (
    <>
      <div className={styles.sections}>
        <section aria-labelledby="ranking-improved">
          <h2 id="ranking-improved" className={styles.sectionTitle}>
            상승폭 TOP
          </h2>
          <p className={styles.sectionNote}>처음 측정한 순위보다 가장 많이 오른 슬롯</p>
          {data.improved.length ? (
            <KeywordRankingTable items={data.improved} label="상승폭 TOP" />
          ) : (
            <p className={styles.sectionNote}>아직 순위가 오른 슬롯이 없습니다.</p>
          )}
        </section>
        <section aria-labelledby="ranking-best">
          <h2 id="ranking-best" className={styles.sectionTitle}>
            현재 순위 TOP
          </h2>
          <p className={styles.sectionNote}>지금 가장 높은 순위의 슬롯</p>
          <KeywordRankingTable items={data.best} label="현재 순위 TOP" />
        </section>
      </div>
      <Updated at={data.computedAt} />
    </>
  );
}

function AdvertiserTab({ enabled }: { enabled: boolean }) {
  const { data, error, isLoading } = useRoute(
    'GET /api/ranking/advertisers',
    enabled ? undefined : null,
    rankingOptions,
  );
  if (isLoading) return <LoadingBlock />;
  if (error) return <ErrorBox message={errorMessage(error, rankingMessages.loadFailed)} />;
  if (!data || data.items.length === 0) return <Empty />;
  return (
    <>
      <p className={styles.sectionNote}>진행중이며 순위가 측정된 슬롯의 평균 순위가 높은 광고주 순</p>
      <AdvertiserRankingTable items={data.items} />
      <Updated at={data.computedAt} />
    </>
  );
}
