// Requests to the dashboard from a local address of the test's choice: the loopback network is all
// of 127.0.0.0/8, so a socket bound to 127.x.y.z is, to the server, another client. That is how a
// story puts two clients on one machine (a flood from one, a real sign-in from the browser)
// without writing X-Forwarded-For, which the server no longer believes from anyone but its proxy.
import http from "node:http";

const port = Number(process.env.E2E_PORT ?? 3100);

/** A random loopback address other than 127.0.0.1 (the browser's and the stories' own). */
export function randomLoopbackAddress(): string {
  const octet = () => 2 + Math.floor(Math.random() * 250);
  return `127.${octet()}.${octet()}.${octet()}`;
}

export interface Answer {
  status: number;
  location?: string;
  retryAfter?: string;
}

/** GET `path` on the dashboard (or the server on `toPort`) from `from`. */
export function getFrom(from: string, path: string, headers: Record<string, string> = {}, agent?: http.Agent, toPort = port): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: toPort, path, headers, localAddress: from, agent }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          retryAfter: typeof res.headers["retry-after"] === "string" ? res.headers["retry-after"] : undefined,
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** GETs `count` paths (`request(i)`) from `from`, `parallel` at a time on kept-alive connections: the answers in order. */
export async function floodFrom(
  from: string,
  count: number,
  request: (i: number) => { path: string; headers?: Record<string, string> },
  parallel = 12,
  toPort = port,
): Promise<Answer[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  const answers: Answer[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const { path, headers } = request(i);
      answers[i] = await getFrom(from, path, headers, agent, toPort);
    }
  };
  try {
    await Promise.all(Array.from({ length: parallel }, worker));
  } finally {
    agent.destroy();
  }
  return answers;
}
