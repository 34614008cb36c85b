// Runs once when a dashboard server starts: the production start checks (lib/startup-checks.ts),
// loaded only in the Node.js runtime.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { refuseToStartWithoutAuthUrl } = await import("./lib/startup-checks");
  refuseToStartWithoutAuthUrl();
}
