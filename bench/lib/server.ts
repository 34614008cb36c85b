// Starts a process that serves HTTP for a benchmark and stops it afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import { waitForHttp } from "../../scripts/wait-for-http.mjs";

export { waitForHttp };

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export async function startServer(command: string, args: string[], url: string, env: Record<string, string>, readyPath = "/", timeoutMs = 300_000): Promise<RunningServer> {
  const child: ChildProcess = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitForHttp(url + readyPath, timeoutMs);
  } catch (err) {
    child.kill("SIGTERM");
    throw err;
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    },
  };
}
