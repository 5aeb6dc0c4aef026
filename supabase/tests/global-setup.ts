import type { TestProject } from 'vitest/node';
import { startPg15 } from './pg15.ts';

/**
 * One throwaway PostgreSQL 15 cluster for the whole run; each test file makes its own databases
 * on it. Without this setup, each database test file starts a cluster of its own (slower).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPg15();
  project.provide('pg15Url', cluster.url);
  return () => cluster.stop();
}
