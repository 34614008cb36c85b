// Runs once when a dashboard server starts, in the Node.js runtime only: the production start
// checks (lib/startup-checks.ts), the schedule that purges ended sessions
// (lib/auth/session-maintenance.ts), the analytics copies' sync and retention
// (lib/analytics/server/schedule.ts), and OpenTelemetry's providers with the OTLP exporters when an
// endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT, or the traces/metrics-specific variables);
// without one nothing is recorded (lib/observability/README.md).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { refuseShortAuthSecret, refuseToStartWithoutAuthUrl } = await import("./lib/startup-checks");
  refuseToStartWithoutAuthUrl();
  refuseShortAuthSecret();
  // Ended sessions are deleted on a schedule, not only when someone signs in.
  const { startSessionSweeps } = await import("./lib/auth/session-maintenance");
  startSessionSweeps();
  // The analytics copies: synced while someone of the company is signed in, deleted after the
  // retention period without a sign-in (lib/analytics/README.md).
  const { startAnalyticsSchedule } = await import("./lib/analytics/server/schedule");
  startAnalyticsSchedule();
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT) {
    const { startOtlpTelemetry } = await import("./lib/observability/telemetry-setup");
    await startOtlpTelemetry();
  }
}
