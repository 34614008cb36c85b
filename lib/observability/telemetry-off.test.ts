// Spans only while a tracer provider is registered: before startTelemetry and after its shutdown,
// inSpan runs its function with a span that records nothing and startSpan makes none.
import { describe, expect, it } from "vitest";
import { AggregationTemporality, InMemoryMetricExporter, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace";
import { inSpan, startSpan } from "./telemetry";
import { startTelemetry } from "./telemetry-setup";

describe("telemetry off and on", () => {
  it("records no span without a provider, records them while one is registered, none after shutdown", async () => {
    const spans = new InMemorySpanExporter();
    const off = await inSpan("off", {}, async (span) => ({ recording: span.isRecording(), answer: 42 }));
    expect(off).toEqual({ recording: false, answer: 42 });
    expect(startSpan("off-wait", {}).isRecording()).toBe(false);
    await expect(inSpan("off-throw", {}, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");

    const telemetry = startTelemetry({
      spanProcessor: new SimpleSpanProcessor({ exporter: spans }),
      metricReader: new PeriodicExportingMetricReader({ exporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE), exportIntervalMillis: 3_600_000 }),
    });
    try {
      const on = await inSpan("on", {}, async (span) => span.isRecording());
      expect(on).toBe(true);
      const wait = startSpan("on-wait", {});
      expect(wait.isRecording()).toBe(true);
      wait.end();
      expect(spans.getFinishedSpans().map((s) => s.name).sort()).toEqual(["on", "on-wait"]);
    } finally {
      await telemetry.shutdown();
    }
    expect(await inSpan("after", {}, async (span) => span.isRecording())).toBe(false);
    expect(startSpan("after-wait", {}).isRecording()).toBe(false);
  });
});
