import { useNavigate, useParams } from 'react-router';
import { ErrorBox } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingBlock } from '@/components/ui/spinner';
import { rankHistoryTexts } from '#shared/messages/slots';
import { failureText } from '@/lib/failure-text';
import { fieldValue } from '@/lib/slots/slot-display';
import { useRoute } from '@/lib/route-data';
import { RankHistoryView } from './rank-history-modal';
import styles from './rank-history.module.css';

/**
 * /slots/{id}/rank-history — the 700×800 popup window '새 창으로 보기' opens: the rank history alone,
 * without the sidebar, so it fits the small window.
 */
export function RankHistoryWindow() {
  const { slotId = '' } = useParams();
  const navigate = useNavigate();
  const {
    data: slot,
    error,
    isLoading,
  } = useRoute('GET /api/slots/{id}', slotId ? { path: { id: slotId } } : null, {
    revalidateOnFocus: false,
  });
  const keyword = slot ? fieldValue(slot, 'keywords') : '';
  const close = () => (window.opener ? window.close() : navigate('/slots'));

  return (
    <main className={styles.window}>
      <header className={styles.windowHeader}>
        <div>
          <h1 className={styles.windowTitle}>순위 히스토리{slot ? ` · 슬롯 #${slot.slot_number}` : ''}</h1>
          {keyword && <p className={styles.windowKeyword}>키워드: {keyword}</p>}
        </div>
        <Button variant="secondary" size="sm" onClick={close}>
          닫기
        </Button>
      </header>
      {isLoading && <LoadingBlock />}
      <ErrorBox
        message={
          error
            ? failureText(error, { refused: rankHistoryTexts.loadFailed, unexpected: rankHistoryTexts.loadError })
            : null
        }
      />
      {slot && <RankHistoryView slot={slot} />}
    </main>
  );
}
