// OpenTelemetry with in-memory exporters: a BFF-shaped request's span and its children (token
// store, queue wait, upstream call, a rotation's save), and the request and upstream metrics.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AggregationTemporality, InMemoryMetricExporter, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { createTokenStore } from "@/lib/gateway/token-store";
import { deriveTokenKey } from "@/lib/gateway/token-crypto";
import { createGateway } from "@/lib/gateway/gateway";
import { createNeClient } from "@/lib/ne/server/client";
import { startTestSandbox, login, advanceClock } from "@/sandbox/test-support";
import type { RunningSandbox } from "@/sandbox/server";
import { logged } from "./route-log";
import { startTelemetry, type Telemetry } from "./telemetry-setup";

let sandbox: RunningSandbox;
let database: AppDatabase;
let telemetry: Telemetry;
const spans = new InMemorySpanExporter();
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });

beforeAll(async () => {
  sandbox = await startTestSandbox();
  database = await openDatabase({ dataDir: "memory://" });
  telemetry = startTelemetry({ spanProcessor: new SimpleSpanProcessor({ exporter: spans }), metricReader: reader });
});
afterAll(async () => {
  await telemetry?.shutdown();
  await database?.close();
  await sandbox?.close();
});

describe("traces and metrics", () => {
  it("a request's span holds the token store, queue wait and upstream call spans of its calls; metrics count them", async () => {
    const store = createTokenStore(database, deriveTokenKey("telemetry-test-secret-0123456789"));
    const gateway = createGateway({ client: createNeClient({ baseUrl: sandbox.url }), store, database });
    const t = await login(sandbox.url, "staff@sandbox.test");
    const id = await store.create({ companyNeId: "1", uid: "u", picNeId: null, tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, accessTokenEndDate: null, refreshTokenEndDate: null } });
    const handler = logged("/api/ne/[...path]", async () => {
      await gateway.call(id, "/api_v1_master_goods/search", { fields: ["goods_id"], limit: 2 });
      await advanceClock(sandbox.url, 86_400 + 60); // the next call rotates: its pair is saved
      await gateway.call(id, "/api_v1_master_goods/count", {});
      return new Response("{}", { status: 200 });
    });
    spans.reset();
    await handler(new Request("http://localhost/api/ne/api_v1_master_goods/search", { method: "POST", headers: { "x-request-id": "trace-1" } }));

    const finished = spans.getFinishedSpans();
    const root = finished.find((s) => s.name === "POST /api/ne/[...path]");
    expect(root, finished.map((s) => s.name).join(", ")).toBeDefined();
    expect(root!.attributes).toMatchObject({ "http.route": "/api/ne/[...path]", "http.response.status_code": 200, "backyard.request_id": "trace-1" });
    const rootId = root!.spanContext().spanId;
    const children = finished.filter((s) => s.parentSpanContext?.spanId === rootId);
    const names = children.map((s) => s.name);
    // First call: the session is read from the store (alone: its end date is unknown); second: the rotation is saved.
    expect(names.filter((n) => n === "gateway.queue-wait")).toHaveLength(2);
    expect(names.filter((n) => n === "upstream.call")).toHaveLength(2);
    expect(names).toContain("token-store.read");
    expect(names).toContain("token-store.save");
    for (const child of children) expect(child.spanContext().traceId).toBe(root!.spanContext().traceId);
    expect(children.filter((s) => s.name === "upstream.call").map((s) => s.attributes["backyard.operation"])).toEqual(["/api_v1_master_goods/search", "/api_v1_master_goods/count"]);

    await reader.forceFlush();
    const exported = metricExporter.getMetrics().flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics));
    type Point = { attributes: Record<string, unknown>; value: unknown };
    const byName = (name: string): Point[] => exported.filter((m) => m.descriptor.name === name).flatMap((m) => m.dataPoints as Point[]);
    const requests = byName("backyard.requests").filter((p) => p.attributes.route === "/api/ne/[...path]");
    expect(requests.reduce((n, p) => n + Number(p.value), 0)).toBeGreaterThanOrEqual(1);
    expect(byName("backyard.request.duration").length).toBeGreaterThan(0);
    const upstream = byName("backyard.upstream.calls");
    expect(upstream.find((p) => p.attributes.operation === "/api_v1_master_goods/count" && p.attributes.result === "success")?.value).toBe(1);
    expect(byName("backyard.upstream.duration").length).toBeGreaterThan(0);
  });
});

describe("a caller's trace", () => {
  const traceId = "0af7651916cd43dd8448eb211c80319c";
  const callerSpanId = "b7ad6b7169203331";
  const handler = logged("/api/ne/[...path]", async () => new Response("{}", { status: 200 }));
  const post = (headers: Record<string, string>) => new Request("http://localhost/api/ne/api_v1_master_goods/search", { method: "POST", headers });
  const requestSpan = () => spans.getFinishedSpans().find((s) => s.name === "POST /api/ne/[...path]")!;

  it("a request with a traceparent (W3C Trace Context) goes on in the caller's trace", async () => {
    spans.reset();
    await handler(post({ traceparent: `00-${traceId}-${callerSpanId}-01` }));
    expect(requestSpan().spanContext().traceId).toBe(traceId);
    expect(requestSpan().parentSpanContext).toMatchObject({ traceId, spanId: callerSpanId, isRemote: true });
  });

  it("a request without one, or with a malformed one, starts a trace of its own", async () => {
    for (const headers of [{}, { traceparent: `00-${traceId}-zz-01` }] as Record<string, string>[]) {
      spans.reset();
      await handler(post(headers));
      expect(requestSpan().parentSpanContext).toBeUndefined();
      expect(requestSpan().spanContext().traceId).not.toBe(traceId);
    }
  });

  it("inside a span already (Next's own, under its router), the request's span is that span's child", async () => {
    spans.reset();
    const { trace } = await import("@opentelemetry/api");
    const outer = await trace.getTracer("test").startActiveSpan("next", async (span) => {
      await handler(post({ traceparent: `00-${traceId}-${callerSpanId}-01` }));
      span.end();
      return span.spanContext();
    });
    expect(requestSpan().parentSpanContext?.spanId).toBe(outer.spanId);
    expect(requestSpan().spanContext().traceId).toBe(outer.traceId);
  });
});

describe("OTLP export", () => {
  it("with OTEL_EXPORTER_OTLP_ENDPOINT set, spans and metrics are posted to the collector's /v1/traces and /v1/metrics", async () => {
    const http = await import("node:http");
    const received: { path: string; bytes: number }[] = [];
    const collector = http.createServer((req, res) => {
      let bytes = 0;
      req.on("data", (c: Buffer) => (bytes += c.length));
      req.on("end", () => {
        received.push({ path: req.url ?? "", bytes });
        res.writeHead(200, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((r) => collector.listen(0, "127.0.0.1", r));
    const port = (collector.address() as { port: number }).port;
    await telemetry.shutdown(); // the in-memory providers of the test above
    const { startOtlpTelemetry } = await import("./telemetry-setup");
    const { inSpan, recordRequest } = await import("./telemetry");
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
    try {
      telemetry = await startOtlpTelemetry();
      await inSpan("otlp-test", {}, async () => undefined);
      recordRequest({ route: "/api/test", method: "GET", status: 200 }, 1);
      await telemetry.tracerProvider.forceFlush();
      await telemetry.meterProvider.forceFlush();
      expect(received.find((r) => r.path === "/v1/traces")?.bytes).toBeGreaterThan(0);
      expect(received.find((r) => r.path === "/v1/metrics")?.bytes).toBeGreaterThan(0);
    } finally {
      delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      collector.close();
    }
  });
});
