import type { TestProject } from 'vitest/node';
import { createTemplates } from './template-db';

/**
 * The server project's globalSetup: one migrated and one seeded template per run, which
 * every test file copies (test-db.ts) instead of migrating and seeding its own database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, dispose } = await createTemplates(process.env.TEST_DATABASE_URL);
  project.provide('testDbTemplates', templates);
  return dispose;
}
