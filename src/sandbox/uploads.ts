import type { FastifyRequest } from 'fastify';
import { SandboxHttpError } from './errors.ts';

export interface UploadedFile {
  fileName: string;
  mimeType: string;
  data: Buffer;
}

export interface Upload {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/** Reads a multipart/form-data body with one file; every malformation is a 4xx, never a crash. */
export async function readUpload(
  request: FastifyRequest,
  maxFileBytes: number,
  expected: string,
): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new SandboxHttpError(
      415,
      'unsupported_media_type',
      `Send multipart/form-data with ${expected}; got ${request.headers['content-type'] ?? 'no Content-Type'}.`,
    );
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxFileBytes,
        files: 1,
        fields: 10,
        fieldSize: 4096,
        parts: 11,
        headerPairs: 50,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        file = {
          fileName: part.filename || 'upload',
          mimeType: part.mimetype || 'application/octet-stream',
          data,
        };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    throw toUploadError(error, maxFileBytes);
  }
  return { fields, file };
}

function toUploadError(error: unknown, maxFileBytes: number): SandboxHttpError {
  if (error instanceof SandboxHttpError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new SandboxHttpError(
      413,
      'payload_too_large',
      `The file is larger than the limit of ${Math.round(maxFileBytes / 1024 / 1024)} MiB.`,
    );
  }
  if (['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT'].includes(code)) {
    return new SandboxHttpError(
      413,
      'payload_too_large',
      'Too many parts: send one file and its fields only.',
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SandboxHttpError(400, 'bad_request', `Malformed multipart body: ${message}`);
}
