// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FILE_LIST_LIMIT } from '@domain/constants';
import type { FileDto } from '@domain/api-types';
import type { UploadJobSummary } from '@/lib/upload-engine/protocol';
import { ownedTransferDto } from '@/test/api';
import { groupTransfers, mergeTransfers } from './merge-transfers';

function file(shareId: string, createdAt: number, state: FileDto['state'] = 'complete'): FileDto {
  return {
    fileId: shareId,
    shareId,
    shareUrl: `http://x/s/${shareId}`,
    name: shareId,
    size: 1,
    storedSize: 1,
    type: '',
    createdAt: new Date(createdAt).toISOString(),
    expiresAt: null,
    downloadCount: 0,
    viewCount: 0,
    state,
  };
}

function job(jobId: string, createdAt: number, state: UploadJobSummary['state'], shareId: string | null = null) {
  return {
    jobId,
    name: jobId,
    type: '',
    size: 1,
    state,
    bytesDone: 0,
    shareId,
    shareUrl: null,
    failure: null,
    createdAt,
    file: null,
    transferId: null,
    path: '',
  };
}

describe('mergeTransfers', () => {
  it('puts unfinished uploads and server files together, newest first', () => {
    const items = mergeTransfers([file('old', 1000), file('new', 3000)], [job('running', 2000, 'uploading')]);
    expect(items.map((i) => i.key)).toEqual(['file:new', 'job:running', 'file:old']);
  });

  it("an unfinished upload replaces the server's 'uploading' row; finished and cancelled jobs are left to the server", () => {
    const items = mergeTransfers(
      [file('Same1234', 1000, 'uploading')],
      [job('a', 1000, 'uploading', 'Same1234'), job('b', 2000, 'done', 'Done1234'), job('c', 3000, 'cancelled')],
    );
    expect(items.map((i) => i.key)).toEqual(['job:a']);
  });

  it(`shows at most ${FILE_LIST_LIMIT}`, () => {
    const files = Array.from({ length: FILE_LIST_LIMIT + 5 }, (_, i) => file(`f${i}`, i));
    const items = mergeTransfers(files, []);
    expect(items).toHaveLength(FILE_LIST_LIMIT);
    expect(items[0]?.key).toBe(`file:f${FILE_LIST_LIMIT + 4}`);
  });

  it('groups by transfer: jobs join their transfer, one the server has not listed yet shows alone, an emptied one goes', () => {
    const transfer = (shareId: string, files: FileDto[]) =>
      ownedTransferDto(shareId, files, { createdAt: new Date(5000).toISOString() });
    const entries = groupTransfers(
      {
        transfers: [transfer('Tra11111', [{ ...file('in-t', 5000), path: 'docs' }]), transfer('Empty111', [])],
        files: [file('alone', 1000)],
        localIds: { Tra11111: 'local-1' },
      },
      [
        { ...job('joining', 6000, 'uploading'), transferId: 'local-1' },
        { ...job('first', 7000, 'queued'), transferId: 'local-2' },
      ],
    );
    expect(entries.map((entry) => (entry.kind === 'transfer' ? entry.items.map((i) => i.key) : entry.key))).toEqual([
      ['job:first'],
      // By folder then name: the top level ('joining') before 'docs'.
      ['job:joining', 'file:in-t'],
      'file:alone',
    ]);
  });

  it('counts every file of a transfer the server lists only in part, an upload under way among them once', () => {
    const listed = Array.from({ length: 100 }, (_, i) => ({ ...file(`listed${i}`, 5000), size: 10 }));
    const entries = groupTransfers(
      {
        transfers: [ownedTransferDto('Big11111', listed, { fileCount: 1000, size: 10_000 })],
        files: [],
        localIds: { Big11111: 'local-big' },
      },
      // The server counts this one but did not list it; the other is not on the server yet.
      [
        { ...job('counted', 6000, 'uploading', 'Counted1'), size: 10, transferId: 'local-big' },
        { ...job('new', 6000, 'queued'), size: 10, transferId: 'local-big' },
      ],
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'transfer', count: 1001, size: 10_010, unlisted: 899 });
  });
});
