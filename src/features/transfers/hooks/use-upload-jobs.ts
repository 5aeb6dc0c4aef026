import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { listJobs, subscribeUploads } from '@/lib/upload-engine/client';
import type { UploadJobSummary } from '@/lib/upload-engine/protocol';
import { transfersKeys } from '../keys';
import type { LiveJob } from '../utils/merge-transfers';

/**
 * The upload engine's jobs on this device, kept current from its broadcasts (every tab sees every
 * upload). When a job ends the file list is fetched again, so a finished upload becomes a file row.
 */
export function useUploadJobs(): LiveJob[] {
  const queryClient = useQueryClient();
  const [jobs, setJobs] = useState<ReadonlyMap<string, LiveJob>>(new Map());

  useEffect(() => {
    let active = true;
    const put = (job: UploadJobSummary) =>
      setJobs((current) => {
        const next = new Map(current);
        if (job.state === 'cancelled') next.delete(job.jobId);
        // A state change keeps the last speed estimate until the next progress step replaces it.
        else next.set(job.jobId, { ...next.get(job.jobId), ...job });
        return next;
      });
    const unsubscribe = subscribeUploads((event) => {
      if (event.type === 'upload:progress') {
        setJobs((current) => {
          const job = current.get(event.jobId);
          if (job === undefined) return current;
          return new Map(current).set(event.jobId, {
            ...job,
            bytesDone: event.bytesDone,
            bytesPerSecond: event.bytesPerSecond,
            etaSeconds: event.etaSeconds,
          });
        });
        return;
      }
      put(event.job);
      if (event.job.state === 'done' || event.job.state === 'cancelled' || event.job.shareId !== null) {
        void queryClient.invalidateQueries({ queryKey: transfersKeys.all });
      }
    });
    listJobs()
      .then((list) => {
        if (!active) return;
        setJobs((current) => {
          const next = new Map(list.map((job) => [job.jobId, job]));
          // Events that arrived while the store was read are newer.
          for (const [id, job] of current) next.set(id, job);
          return next;
        });
      })
      .catch((error: unknown) => console.error('Could not read the upload queue', error));
    return () => {
      active = false;
      unsubscribe();
    };
  }, [queryClient]);

  return [...jobs.values()];
}
