/**
 * Reading a file whose name came from somewhere untrusted (a workspace's
 * settings, a cloned repository, a command line): it must be a regular file,
 * and no more than a cap is ever read. `stat` is not trusted for the size
 * (/proc files report 0 and yield megabytes), so the cap is applied to the
 * bytes actually read. The file is opened non-blocking, so that a FIFO in
 * place of a file is refused at once instead of waiting for a writer.
 */
import * as fs from 'node:fs';

export type ReadProblem = 'not-found' | 'not-regular' | 'too-large' | 'unreadable';

export class BoundedReadError extends Error {
  constructor(
    readonly problem: ReadProblem,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

// O_NONBLOCK does not exist on Windows (where FIFOs are not files anyway).
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
const CHUNK = 64 * 1024;

function kindOf(stat: fs.Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

function openError(error: unknown): BoundedReadError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new BoundedReadError('not-found', 'no such file', code);
  if (code === 'EISDIR') return new BoundedReadError('not-regular', 'is a folder', code);
  if (code === 'EACCES' || code === 'EPERM') return new BoundedReadError('unreadable', 'permission denied', code);
  return new BoundedReadError('unreadable', code ?? (error as Error).message, code);
}

function tooLarge(maxBytes: number): BoundedReadError {
  return new BoundedReadError('too-large', `is larger than ${formatBytes(maxBytes)}`);
}

export function formatBytes(bytes: number): string {
  return bytes >= 1048576 ? `${+(bytes / 1048576).toFixed(1)} MiB` : bytes >= 1024 ? `${+(bytes / 1024).toFixed(1)} KiB` : `${bytes} bytes`;
}

/** The bytes of a regular file, at most `maxBytes` of them; throws BoundedReadError otherwise. */
export function readRegularFileSync(file: string, maxBytes: number): Buffer {
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (error) {
    throw openError(error);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new BoundedReadError('not-regular', `is ${kindOf(stat)}, not a regular file`);
    if (stat.size > maxBytes) throw tooLarge(maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    // As in readRegularFile: first one read of the size stat gave (plus one byte), not a 64 KiB chunk
    // per small file (the workspace scan reads thousands: that was most of its garbage).
    let first = stat.size > 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(first ? Math.min(stat.size + 1, maxBytes + 1) : Math.min(CHUNK, maxBytes + 1 - total) || 1);
      const wasFirst = first;
      first = false;
      let n: number;
      try {
        n = fs.readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        // EAGAIN cannot happen on a regular file; anything else is an unreadable file.
        throw openError(error);
      }
      if (wasFirst && n < chunk.length) return chunk.subarray(0, n);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw tooLarge(maxBytes);
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The asynchronous twin of readRegularFileSync (the workspace scan reads many
 * files). On node's callback API rather than `fs.promises`: a FileHandle and
 * the promises around each of its calls cost more main-thread time than the
 * read itself for a file of a few KiB, and a scan reads thousands of them.
 */
export function readRegularFile(file: string, maxBytes: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    fs.open(file, OPEN_FLAGS, (openErr, fd) => {
      if (openErr) return reject(openError(openErr));
      const finish = (error: BoundedReadError | undefined, bytes?: Buffer) => fs.close(fd, () => (error ? reject(error) : resolve(bytes!)));
      fs.fstat(fd, (statErr, stat) => {
        if (statErr) return finish(openError(statErr));
        if (!stat.isFile()) return finish(new BoundedReadError('not-regular', `is ${kindOf(stat)}, not a regular file`));
        if (stat.size > maxBytes) return finish(tooLarge(maxBytes));
        const chunks: Buffer[] = [];
        let total = 0;
        // First one read of the size stat gave (plus one byte): a short read of a regular file is its end,
        // so the common case costs open, stat, one read and close, like fs.readFile. Sizes that lie
        // (as under /proc) continue in bounded chunks.
        let first = stat.size > 0;
        const next = () => {
          const size = first ? Math.min(stat.size + 1, maxBytes + 1) : Math.min(CHUNK, maxBytes + 1 - total) || 1;
          const chunk = Buffer.allocUnsafe(size);
          fs.read(fd, chunk, 0, size, null, (readErr, n) => {
            if (readErr) return finish(openError(readErr));
            const wasFirst = first;
            first = false;
            if (wasFirst && n < size) return finish(undefined, chunk.subarray(0, n));
            if (n === 0) return finish(undefined, Buffer.concat(chunks, total));
            total += n;
            if (total > maxBytes) return finish(tooLarge(maxBytes));
            chunks.push(n === size ? chunk : chunk.subarray(0, n));
            next();
          });
        };
        next();
      });
    });
  });
}
