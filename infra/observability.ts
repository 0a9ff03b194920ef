import { Duration } from 'aws-cdk-lib';
import { MathExpression, Metric, type IMetric, type MetricOptions } from 'aws-cdk-lib/aws-cloudwatch';
import { metricCatalogue, metricNamespace, type DimensionsOf, type MetricName } from '#shared/metric-catalogue';

/**
 * The product's own metrics as CDK metrics, built from the catalogue the functions record with
 * (shared/metric-catalogue.ts): the dashboard and alarms can only name a metric, and its
 * exact dimensions, that the code emits.
 */

/** The period of every dashboard graph (alarms keep ALARM_PERIOD, also five minutes). */
export const GRAPH_PERIOD = Duration.minutes(5);

/** One catalogue metric with its dimension values (the names must be exactly the catalogue's). */
export function appMetric<N extends MetricName>(
  stage: string,
  name: N,
  dimensions: DimensionsOf<N>,
  opts: Omit<MetricOptions, 'dimensionsMap'> = {},
): Metric {
  const expected = [...metricCatalogue[name].dimensions].sort().join(',');
  const given = Object.keys(dimensions).sort().join(',');
  if (expected !== given) throw new Error(`${name} is recorded with dimensions [${expected}], not [${given}]`);
  return new Metric({
    namespace: metricNamespace(stage),
    metricName: name,
    dimensionsMap: dimensions as Record<string, string>,
    period: GRAPH_PERIOD,
    statistic: 'Sum',
    label: metricCatalogue[name].label,
    ...opts,
  });
}

/**
 * Every series of a catalogue metric, whatever its dimension values (error codes are not known
 * in advance): a CloudWatch SEARCH over the metric's namespace and exact dimension set.
 */
export function appMetricSearch(stage: string, name: MetricName, statistic = 'Sum'): IMetric {
  const schema = [metricNamespace(stage), ...metricCatalogue[name].dimensions].join(',');
  return new MathExpression({
    expression: `SEARCH('{${schema}} MetricName="${name}"', '${statistic}', ${GRAPH_PERIOD.toSeconds()})`,
    usingMetrics: {},
    period: GRAPH_PERIOD,
    label: '',
  });
}
