// The end-to-end encryption's own speed in Node (WebCrypto, no browser, no network): a file of
// BENCH_CRYPTO_MIB MiB (default 256) encrypted part by part as an upload would (encryptRange on
// 8 MiB parts of the server's plan), again from a Blob as the upload engine reads its copy of the
// file (a few records at a time), then decrypted by the download's decrypting stage (decrypt-file.ts)
// from 64 KiB chunks as a fetch gives them, checked against the plaintext's hash; and one password derivation.
// Run it with `npx tsx bench/crypto.ts`.
import { createHash } from 'node:crypto';
import { MIB } from '../supabase/functions/_shared/domain/constants.ts';
import { planParts } from '../supabase/functions/_shared/domain/part-plan.ts';
import { ciphertextSize, partPlace } from '../src/lib/crypto/format.ts';
import { createFileCipher, deriveFileKey } from '../src/lib/crypto/keys.ts';
import { newLinkKey } from '../src/lib/crypto/link-key.ts';
import { derivePasswordKey, newPasswordSalt } from '../src/lib/crypto/password.ts';
import { encryptRange } from '../src/lib/crypto/records.ts';
import { decryptedFile } from '../src/lib/download-pipeline/decrypt-file.ts';

const CHUNK = 64 * 1024;

/** Plaintext for one part: cheap to make, never the same twice in a row. */
function partPlaintext(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  const words = new Uint32Array(bytes.buffer, 0, Math.floor(size / 4));
  for (let i = 0; i < words.length; i++) words[i] = Math.imul(i + seed, 2_654_435_761);
  return bytes;
}

export async function runCryptoBench({ size = 256 * MIB } = {}): Promise<void> {
  const cipher = await createFileCipher(await deriveFileKey(newLinkKey(), 'Bench123'));
  const plan = planParts(ciphertextSize(size));
  const plainHash = createHash('sha256');
  const stored: Uint8Array[] = [];
  let encryptSeconds = 0;
  for (let part = 1; part <= plan.partCount; part++) {
    const place = partPlace(part, plan.partSize, size);
    const plaintext = partPlaintext(place.plaintextEnd - place.plaintextStart, part);
    plainHash.update(plaintext);
    const started = performance.now();
    stored.push(await encryptRange(cipher, plaintext, place.firstRecord, place.isLastPart));
    encryptSeconds += (performance.now() - started) / 1000;
  }

  // The engine's path: each part read from the device's copy (a Blob) a few records at a time.
  const file = new Blob(
    Array.from({ length: plan.partCount }, (_, i) => {
      const place = partPlace(i + 1, plan.partSize, size);
      return partPlaintext(place.plaintextEnd - place.plaintextStart, i + 1);
    }),
  );
  let blobSeconds = 0;
  let blobCpuSeconds = 0;
  for (let part = 1; part <= plan.partCount; part++) {
    const place = partPlace(part, plan.partSize, size);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const sealed = await encryptRange(
      cipher,
      file.slice(place.plaintextStart, place.plaintextEnd),
      place.firstRecord,
      place.isLastPart,
    );
    blobSeconds += (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    blobCpuSeconds += (used.user + used.system) / 1e6;
    if (
      createHash('sha256').update(sealed).digest('hex') !==
      createHash('sha256')
        .update(stored[part - 1]!)
        .digest('hex')
    ) {
      throw new Error(`part ${part} sealed from a Blob differs`);
    }
  }

  let next = 0;
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = stored[next];
      if (!part) return controller.close();
      controller.enqueue(part.subarray(at, at + CHUNK));
      at += CHUNK;
      if (at >= part.length) [next, at] = [next + 1, 0];
    },
  });
  const decryptedHash = createHash('sha256');
  const started = performance.now();
  // The download's own decrypting stage, its stored bytes answered from memory.
  const answer = new Response(body, { status: 200, headers: { 'content-length': String(ciphertextSize(size)) } });
  const encrypted = { url: 'https://bucket.invalid/f.bin', name: 'f.bin', path: '', size, cipher };
  for await (const chunk of await decryptedFile(encrypted, { fetch: () => Promise.resolve(answer) })) {
    decryptedHash.update(chunk);
  }
  const decryptSeconds = (performance.now() - started) / 1000;
  if (decryptedHash.digest('hex') !== plainHash.digest('hex')) throw new Error('decrypted bytes differ');

  const kdfStarted = performance.now();
  await derivePasswordKey('correct horse battery staple', newPasswordSalt());
  const kdfSeconds = (performance.now() - kdfStarted) / 1000;

  const mib = size / MIB;
  console.log(`\nEnd-to-end encryption, ${mib} MiB in Node ${process.version} (WebCrypto AES-256-GCM):`);
  console.log(
    `  encrypt (${plan.partCount} parts of ${plan.partSize / MIB} MiB): ${(mib / encryptSeconds).toFixed(0)} MiB/s`,
  );
  console.log(
    `  encrypt from a Blob (the engine's path): ${(mib / blobSeconds).toFixed(0)} MiB/s, ${((blobSeconds * 1000) / mib).toFixed(1)} ms per MiB, ${((blobCpuSeconds * 1000) / mib).toFixed(1)} ms of CPU per MiB`,
  );
  console.log(`  decrypt (the download, ${CHUNK / 1024} KiB chunks): ${(mib / decryptSeconds).toFixed(0)} MiB/s`);
  console.log(`  password key (PBKDF2-SHA-256):        ${kdfSeconds.toFixed(2)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCryptoBench({ size: Number(process.env.BENCH_CRYPTO_MIB ?? 256) * MIB });
}
