// Types of app-server.mjs for the TypeScript that imports it (an e2e spec that needs a server of its own).
export function startApp(options: { port: string | number; env?: Record<string, string>; readyTimeoutMs?: number }): Promise<{ base: string; stop: () => void }>;
export function stopAfter(ms: number, name: string, cleanUp: () => void): NodeJS.Timeout;
