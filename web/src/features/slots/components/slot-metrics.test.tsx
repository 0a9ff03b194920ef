import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SlotMetrics } from './slot-metrics';

/** My slots' rows and cards: a slot nobody reported on shows '-', never invented zeros. */
describe('SlotMetrics', () => {
  it('shows - for each figure while nothing was reported', () => {
    const { getByTestId } = render(<SlotMetrics impressions={null} clicks={null} />);
    expect(getByTestId('slot-metrics').textContent).toBe('노출 -클릭 -CTR -');
  });

  it('shows a reported zero as 0 and CTR 0.00%', () => {
    const { getByTestId } = render(<SlotMetrics impressions={0} clicks={0} />);
    expect(getByTestId('slot-metrics').textContent).toBe('노출 0클릭 0CTR 0.00%');
  });
});
