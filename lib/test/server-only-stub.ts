// Vitest alias target for `server-only`: server modules are imported directly by unit tests.
export {};
