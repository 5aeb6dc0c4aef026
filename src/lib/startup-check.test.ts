// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Health } from '@domain/api-types';
import { ApiError } from '@/lib/api/client';
import { describeHealth } from './startup-check';

const ORIGIN = 'https://ulak.example';
const healthy: Health = {
  ok: true,
  database: { ok: true, status: 'ok' },
  storage: { ok: true, status: 'ok' },
};

function messages(result: Parameters<typeof describeHealth>[0]) {
  return describeHealth(result, 'Ulak', ORIGIN);
}

describe('start-up diagnostics', () => {
  it('reports a healthy backend as a successful connection', () => {
    expect(messages({ health: healthy })).toEqual([
      { level: 'info', message: 'Connection to Ulak backend successful' },
    ]);
  });

  it('points at the anonymous key when the API refuses it', () => {
    const [diagnostic] = messages({ error: new ApiError('server', 401, 'invalid_api_key', 'Invalid API key') });
    expect(diagnostic?.level).toBe('error');
    expect(diagnostic?.message).toMatch(/Invalid API key.*anonymous key/);
  });

  it('asks for the migration when the files table is missing', () => {
    const [diagnostic] = messages({
      health: { ...healthy, ok: false, database: { ok: false, status: 'missing_table' } },
    });
    expect(diagnostic?.message).toMatch(/"files" does not exist.*migration/);
  });

  it('lists missing storage variables', () => {
    const result = messages({
      health: {
        ...healthy,
        ok: false,
        storage: { ok: false, status: 'missing_config', missing: ['S3_BUCKET', 'S3_ACCESS_KEY_ID'] },
      },
    });
    expect(result[1]).toEqual({
      level: 'error',
      message: expect.stringContaining('S3_BUCKET, S3_ACCESS_KEY_ID') as string,
    });
  });

  it('gives the CORS hint with this origin when storage fails', () => {
    const result = messages({
      health: { ...healthy, ok: false, storage: { ok: false, status: 'error', message: 'Failed to fetch' } },
    });
    expect(result[1]?.level).toBe('warn');
    expect(result[1]?.message).toContain('Failed to fetch');
    expect(result[1]?.message).toContain(`origin ${ORIGIN}, the methods GET, PUT, DELETE, POST and all headers`);
  });

  it('reports an unreachable backend with its reason', () => {
    expect(messages({ error: new Error('connect ECONNREFUSED') })).toEqual([
      { level: 'error', message: 'Connection test failed: connect ECONNREFUSED' },
    ]);
  });
});
