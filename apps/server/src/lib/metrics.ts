import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * How often the event loop's delay is sampled. Node's histogram records the whole time between two samples, so
 * the `nodejs_eventloop_lag_*` percentiles include these 20 ms: an idle process reads about 0.020 s.
 */
export const EVENT_LOOP_PRECISION_MS = 20;

/**
 * The app's Prometheus metrics (issue 19), one registry per app (tests build many). Labels are route
 * patterns, status classes, job names and outcomes only: never a member id, an address or a text.
 */
export function createMetrics() {
  const registry = new Registry();
  // Event-loop delay (nodejs_eventloop_lag_*), heap (nodejs_heap_size_*), GC, handles, CPU, memory.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_PRECISION_MS });
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'trostnetz_http_request_duration_seconds',
      help: 'Time to answer a request, by method and route pattern (never the address with its ids)',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    httpResponses: counter('trostnetz_http_responses_total', 'Answers by status class (2xx … 5xx)', [
      'status_class',
    ]),
    chatMessagesSent: counter('trostnetz_chat_messages_sent_total', 'Chat messages stored and delivered'),
    mails: counter('trostnetz_mails_total', 'Mails handed to SMTP or the outbox, by outcome (sent, failed)', [
      'outcome',
    ]),
    pushes: counter(
      'trostnetz_push_notifications_total',
      "Push notifications handed to the browsers' push services, by outcome (sent, failed, refused: the endpoint was no longer a public address)",
      ['outcome'],
    ),
    jobFailures: counter(
      'trostnetz_job_failures_total',
      'Background job runs that failed, by job and whether retried',
      ['job', 'final'],
    ),
    /** Filled at each scrape by whoever owns the numbers (see `onScrape`). */
    gauge: (name: string, help: string, labelNames: string[], collect: (g: Gauge) => Promise<void> | void) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        async collect() {
          await collect(this);
        },
      }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
