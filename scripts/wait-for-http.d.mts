export function waitForHttp(url: string, timeoutMs: number): Promise<void>;
