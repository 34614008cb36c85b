// Run as `node --experimental-websocket bench/lib/heap-probe.mjs <ws-url>` (Node 20 has WebSocket
// only behind that flag): asks the inspected process, over the Chrome DevTools Protocol, for a full
// garbage collection and then its heap in use, and prints `{"usedSize": bytes}`.
const url = process.argv[2];
if (!url) throw new Error("usage: heap-probe.mjs <ws-url>");
const socket = new WebSocket(url);
let nextId = 1;
const pending = new Map();
const send = (method, params = {}) =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    socket.send(JSON.stringify({ id, method, params }));
  });
socket.addEventListener("message", (event) => {
  const message = JSON.parse(String(event.data));
  const waiter = pending.get(message.id);
  if (!waiter) return;
  pending.delete(message.id);
  if (message.error) waiter.reject(new Error(message.error.message));
  else waiter.resolve(message.result);
});
socket.addEventListener("error", () => {
  process.stderr.write(`heap-probe: cannot connect to ${url}\n`);
  process.exit(1);
});
socket.addEventListener("open", async () => {
  await send("HeapProfiler.enable");
  // Twice: objects freed by the first collection's finalizers go in the second.
  await send("HeapProfiler.collectGarbage");
  await send("HeapProfiler.collectGarbage");
  const { usedSize } = await send("Runtime.getHeapUsage");
  process.stdout.write(`${JSON.stringify({ usedSize })}\n`);
  socket.close();
  process.exit(0);
});
