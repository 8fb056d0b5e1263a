// Types of mulberry32.mjs for the TypeScript that imports it (the server tests' random source).
export function mulberry32(seed: number): () => number;
