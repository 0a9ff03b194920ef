import { Metrics } from '@aws-lambda-powertools/metrics';
import { logger } from './logger';
import { metricCatalogue, metricNamespace, type DimensionsOf, type MetricName } from '#shared/metric-catalogue';

export { type MetricName } from '#shared/metric-catalogue';

/**
 * Figures for CloudWatch as Embedded Metric Format log lines (Powertools Metrics): CloudWatch Logs
 * turns them into metrics of the stage's namespace with no API call and no permission beyond
 * writing logs. Only names of the catalogue (shared/metric-catalogue.ts) can be recorded, with exactly its
 * dimensions, because the dashboard and alarms are built from the same list.
 *
 * Local mode and the tests set POWERTOOLS_METRICS_DISABLED: nothing reads the lines there, and one
 * per request would drown the server's own output.
 */
let cached: { key: string; metrics: Metrics } | undefined;

function sink(): Metrics {
  // The stage alone (as config() reads it): a figure must not depend on the rest of the settings.
  const namespace = metricNamespace(process.env.STAGE ?? 'local');
  const key = `${namespace}|${process.env.POWERTOOLS_METRICS_DISABLED ?? ''}`;
  if (cached?.key !== key) {
    const metrics = new Metrics({ namespace });
    // Powertools adds the function's service as a dimension; ours are the catalogue's alone, so a
    // figure recorded by two functions (refunds: the console and a job) is one metric.
    metrics.clearDefaultDimensions();
    cached = { key, metrics };
  }
  return cached.metrics;
}

/**
 * Records figures that share one set of dimensions as one EMF line, at once (a later crash loses
 * nothing). Values of 0 are recorded too: a flat zero differs from "never reported".
 */
export function recordMetrics<N extends MetricName>(
  dimensions: DimensionsOf<N>,
  values: Partial<Record<N, number>>,
): void {
  const entries = Object.entries(values).filter((e): e is [N, number] => typeof e[1] === 'number');
  if (!entries.length) return;
  // A figure is never worth a failed request: a refusal (a bad value, a dimension limit) is logged.
  try {
    const metrics = sink();
    // Synchronous from the first add to the flush, so concurrent work in this process cannot mix in.
    metrics.addDimensions(dimensions as Record<string, string>);
    for (const [name, value] of entries) metrics.addMetric(name, metricCatalogue[name].unit, value);
    metrics.publishStoredMetrics();
  } catch (error) {
    logger.warn('metric not recorded', { metrics: entries.map(([n]) => n), error: error as Error });
  }
}

/** One figure of one metric. */
export function recordMetric<N extends MetricName>(name: N, value: number, dimensions: DimensionsOf<N>): void {
  recordMetrics<N>(dimensions, { [name]: value } as Partial<Record<N, number>>);
}
