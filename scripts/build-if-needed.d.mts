export function buildIfNeeded(root: string, env?: NodeJS.ProcessEnv, log?: (message: string) => void): boolean;
