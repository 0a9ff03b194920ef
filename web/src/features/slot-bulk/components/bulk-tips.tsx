import { Icon } from '@/components/ui/icon';
import styles from './bulk-registration-page.module.css';

/** The grid's keyboard, paste and upload rules. */
export function BulkTips() {
  return (
    <aside className={styles.tips} aria-label="입력 도움말">
      <h2 className={styles.tipsTitle}>
        <Icon name="info" size={16} /> 입력 팁
      </h2>
      <ul>
        <li>
          엑셀이나 구글 시트에서 여러 칸을 복사한 뒤, 시작할 칸을 선택하고 Ctrl+V(⌘+V)로 붙여넣으세요. 행이 모자라면
          자동으로 늘어납니다.
        </li>
        <li>
          칸을 선택한 뒤 바로 입력하면 내용이 바뀝니다. Enter나 F2로 기존 내용을 고치고, Enter·Tab으로 확정, Esc로
          취소합니다.
        </li>
        <li>방향키로 칸을 이동하고 Delete로 내용을 지웁니다. 마지막 칸에서 Tab을 누르면 새 행이 추가됩니다.</li>
        <li>
          URL은 itemId와 vendorItemId가 포함된 쿠팡 상품 주소여야 합니다. 키워드는 쉼표로 구분해 최대 10개까지 입력할 수
          있습니다.
        </li>
        <li>
          엑셀 업로드(.xlsx, .xls)는 첫 행을 머리글로 보고 제외합니다. 머리글이 필드 이름과 같으면 그 열에 맞춰
          넣습니다.
        </li>
      </ul>
    </aside>
  );
}
