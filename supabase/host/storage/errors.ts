// The one error class of the embedded storage. It carries meaning the generic Error does not: the
// HTTP status and the S3 error code an S3 client (the AWS SDK, a browser reading the XML) acts on,
// e.g. `SignatureDoesNotMatch` makes the upload engine ask for a fresh URL.
export class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'S3Failure';
  }
}

/** The answer S3 gives for a write that the disk cannot take. */
export function insufficientStorage(): S3Failure {
  return new S3Failure(
    507,
    'InsufficientStorage',
    'The storage is full: there is not enough free disk space to store this data. Try again later.',
  );
}

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** A file-system error while writing, as the S3 failure a client can understand (or null). */
export function writeFailure(error: unknown): S3Failure | null {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  if (DISK_FULL_CODES.has(code)) return insufficientStorage();
  if (code === 'ENAMETOOLONG') return new S3Failure(400, 'KeyTooLongError', 'Your key is too long for this storage.');
  return null;
}
