import "server-only";
// OpenTelemetry for the BFF: a span per request (logged()), with child spans for the gateway's
// steps (the token store, the wait for the session's queue, the upstream call, a rotation's save),
// and request and upstream-call counts and durations as metrics. Everything goes through
// @opentelemetry/api: until a provider is registered (startTelemetry, called by instrumentation.ts
// when OTEL_EXPORTER_OTLP_ENDPOINT is set) the API's no-op meter makes each metric a few property
// reads, and spans are not made at all: the function runs as it is, with a span that records
// nothing (the no-op tracer's own spans still cost a context, a closure and an extra promise per
// step of every BFF request).
import { INVALID_SPAN_CONTEXT, SpanKind, SpanStatusCode, context, metrics, propagation, trace, type Attributes, type Context, type Span, type TextMapGetter } from "@opentelemetry/api";

const SCOPE = "backyard";

// On globalThis: instrumentation.ts registers the provider from a module graph of its own.
const globalForTracing = globalThis as typeof globalThis & { __backyardTracing?: boolean };

/** Whether a tracer provider is registered (telemetry-setup.ts says so). */
export function setTracing(on: boolean): void {
  globalForTracing.__backyardTracing = on;
}

const NOT_RECORDING: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Runs `fn` inside a span named `name`, a child of the current one (or of `parent`); a throw marks it an error. */
export function inSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>, kind: SpanKind = SpanKind.INTERNAL, parent?: () => Context): Promise<T> {
  // Not an async function: without a provider, `fn`'s own promise is the answer (an async
  // wrapper would add a promise and its hooks to every step of every request).
  if (!globalForTracing.__backyardTracing) {
    try {
      return fn(NOT_RECORDING);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }
  return trace.getTracer(SCOPE).startActiveSpan(name, { kind, attributes }, parent ? parent() : context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : "error" });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** A span already started (a wait that ends elsewhere): the caller ends it. */
export function startSpan(name: string, attributes: Attributes): Span {
  if (!globalForTracing.__backyardTracing) return NOT_RECORDING;
  return trace.getTracer(SCOPE).startSpan(name, { attributes });
}

export function serverSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>, headers?: Headers): Promise<T> {
  return inSpan(name, attributes, fn, SpanKind.SERVER, headers && (() => requestContext(headers)));
}

const headerGetter: TextMapGetter<Headers> = {
  get: (carrier, key) => carrier.get(key) ?? undefined,
  keys: () => [], // the W3C propagator asks for its headers by name
};

/**
 * The context a request's span starts in: Next's own span for the request when a provider is
 * registered (Next read the caller's `traceparent` for it), else the caller's headers read here.
 */
function requestContext(headers: Headers): Context {
  const active = context.active();
  return trace.getSpan(active) ? active : propagation.extract(active, headers, headerGetter);
}

// Instruments are made on first use, after instrumentation.ts may have registered a provider.
let instruments: ReturnType<typeof makeInstruments> | null = null;
function makeInstruments() {
  const meter = metrics.getMeter(SCOPE);
  return {
    requests: meter.createCounter("backyard.requests", { description: "Requests answered by the dashboard's route handlers" }),
    requestDuration: meter.createHistogram("backyard.request.duration", { description: "Time to answer a route handler's request", unit: "ms" }),
    upstreamCalls: meter.createCounter("backyard.upstream.calls", { description: "Calls to the API" }),
    upstreamDuration: meter.createHistogram("backyard.upstream.duration", { description: "Time of one API call", unit: "ms" }),
  };
}

/** Forgets the instruments (tests that register a new meter provider). */
export function resetInstruments(): void {
  instruments = null;
}

export function recordRequest(attributes: { route: string; method: string; status: number; operation?: string }, durationMs: number): void {
  instruments ??= makeInstruments();
  instruments.requests.add(1, attributes);
  instruments.requestDuration.record(durationMs, attributes);
}

export function recordUpstream(attributes: { operation: string; result: string; code?: string }, durationMs: number): void {
  instruments ??= makeInstruments();
  instruments.upstreamCalls.add(1, attributes);
  instruments.upstreamDuration.record(durationMs, attributes);
}
