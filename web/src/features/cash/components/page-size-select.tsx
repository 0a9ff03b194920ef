import styles from './cash.module.css';

/** Page sizes (design §8: user lists 10/30/50/100, admin lists add 200). */
export function PageSizeSelect({ value, onChange, sizes }: { value: number; onChange: (size: number) => void; sizes: readonly number[] }) {
  return (
    <label className={styles.muted}>
      표시 개수{' '}
      <select className={styles.select} value={value} onChange={(e) => onChange(Number(e.target.value))} aria-label="페이지당 표시 개수">
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s}개
          </option>
        ))}
      </select>
    </label>
  );
}
