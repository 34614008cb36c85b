import "server-only";
// Registers OpenTelemetry's providers for this process: traces through a batch processor, metrics
// through a periodic reader. instrumentation.ts calls it with the OTLP exporters when
// OTEL_EXPORTER_OTLP_ENDPOINT is set (the exporters read the standard OTEL_* variables: endpoint,
// headers, protocol); tests call it with in-memory exporters. Not called: nothing is recorded.
import { context, metrics, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { MeterProvider, type MetricReader } from "@opentelemetry/sdk-metrics";
import { TracerProvider, type SpanProcessor } from "@opentelemetry/sdk-trace";
import { resetInstruments, setTracing } from "./telemetry";

export interface Telemetry {
  tracerProvider: TracerProvider;
  meterProvider: MeterProvider;
  shutdown(): Promise<void>;
}

export function startTelemetry({ spanProcessor, metricReader, serviceName = process.env.OTEL_SERVICE_NAME || "backyard" }: { spanProcessor: SpanProcessor; metricReader: MetricReader; serviceName?: string }): Telemetry {
  const resource = resourceFromAttributes({ "service.name": serviceName });
  context.disable();
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracerProvider = new TracerProvider({ resource, spanProcessors: [spanProcessor] });
  trace.disable();
  trace.setGlobalTracerProvider(tracerProvider);
  // A caller's `traceparent` (W3C Trace Context) is read by Next's router for its own span, and by
  // lib/observability/telemetry.ts for a request served without it: the trace goes on through us.
  propagation.disable();
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  setTracing(true);
  const meterProvider = new MeterProvider({ resource, readers: [metricReader] });
  metrics.disable();
  metrics.setGlobalMeterProvider(meterProvider);
  resetInstruments();
  return {
    tracerProvider,
    meterProvider,
    async shutdown() {
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
      setTracing(false);
      trace.disable();
      metrics.disable();
      propagation.disable();
      context.disable();
      resetInstruments();
    },
  };
}

/** The OTLP/HTTP exporters, loaded only when telemetry is on. */
export async function startOtlpTelemetry(): Promise<Telemetry> {
  const [{ OTLPTraceExporter }, { OTLPMetricExporter }, { BatchSpanProcessor }, { PeriodicExportingMetricReader }] = await Promise.all([
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/exporter-metrics-otlp-http"),
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/sdk-metrics"),
  ]);
  return startTelemetry({
    spanProcessor: new BatchSpanProcessor({ exporter: new OTLPTraceExporter() }),
    metricReader: new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(), exportIntervalMillis: Number(process.env.OTEL_METRIC_EXPORT_INTERVAL) || 15_000 }),
  });
}
