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
      // Stopped means exited: a restart must never open the data folder (the embedded database)
      // while the old process still holds it. Past 5 s of a graceful stop, the process is killed.
      child.kill("SIGTERM");
      const graceful = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
      if (!graceful) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}
