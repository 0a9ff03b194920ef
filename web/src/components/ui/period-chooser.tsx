import { historyPeriods, type HistoryPeriod } from '@/lib/history-period';
import { ChoiceGroup } from './choice-group';

const periodValues = historyPeriods.map((p) => p.value);
const periodLabel = (value: HistoryPeriod) => historyPeriods.find((p) => p.value === value)?.label;

/** The period buttons above a history list (all, today, 7 days, 30 days). */
export function PeriodChooser({
  value,
  onChange,
}: {
  value: HistoryPeriod;
  onChange: (period: HistoryPeriod) => void;
}) {
  return (
    <ChoiceGroup
      choices={periodValues}
      label="기간"
      isChosen={(period) => period === value}
      onChoose={onChange}
      text={periodLabel}
    />
  );
}
