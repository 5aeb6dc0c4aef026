// What the hostile tests measure of a real host process with no client in the way: its resident
// memory, and how much of a large request body it took before it answered.
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';

/** The host's resident memory in bytes, from the kernel's view of the real process (Linux). */
export async function rss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** The host's answer to a body sent until it answered, and how many bytes had been sent by then. */
export interface AnsweredBody {
  /** 0 when the connection ended with no answer at all. */
  status: number;
  /** The answer's body (an error's JSON). */
  text: string;
  sent: number;
}

/**
 * Streams a request body a little at a time until the server answers, and reports how much it had
 * sent by then. With `limit`, it ends the body after that many bytes (a chunked upload that the
 * server should refuse long before); without it, it sends until the server answers or hangs up.
 */
export function sendUntilAnswered(
  url: string,
  { method, headers, fill, limit }: { method: string; headers: Record<string, string>; fill: number; limit?: number },
): Promise<AnsweredBody> {
  const target = new URL(url);
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const req = request(
      { host: target.hostname, port: target.port, method, path: target.pathname + target.search, headers },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, sent }));
      },
    );
    req.on('error', () => {
      if (!answered) resolve({ status: 0, text: '', sent });
    });
    const chunk = Buffer.alloc(64 * 1024, fill);
    const pump = () => {
      if (answered || req.destroyed || (limit !== undefined && sent >= limit)) {
        if (limit !== undefined) req.end();
        return;
      }
      sent += chunk.length;
      if (req.write(chunk)) setImmediate(pump);
      else req.once('drain', pump);
    };
    pump();
  });
}
