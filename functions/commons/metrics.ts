import { config } from './config';
import { logger } from './logger';

/**
 * Figures for CloudWatch as one Embedded Metric Format log line: CloudWatch Logs turns the line's
 * keys into metrics of the stage's namespace (`SimpleSlot/{stage}`, the one the stacks' alarms
 * watch), with no API call and no permission beyond writing logs.
 */
export type MetricUnit = 'Count' | 'Percent' | 'None';

export const metricNamespace = (stage: string) => `SimpleSlot/${stage}`;

export function emitMetrics(message: string, metrics: Record<string, { value: number; unit: MetricUnit }>): void {
  const entries = Object.entries(metrics);
  logger.info(message, {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: metricNamespace(config().stage),
          Dimensions: [[]],
          Metrics: entries.map(([Name, m]) => ({ Name, Unit: m.unit })),
        },
      ],
    },
    ...Object.fromEntries(entries.map(([name, m]) => [name, m.value])),
  });
}
