import { useMutation } from '@tanstack/react-query';
import type { PresignedUpload } from '@shared/schemas/sell';
import { apiRequest } from '@/lib/api-client';

/** One photo that could not be uploaded; the form names it in a toast. */
export class ImageUploadError extends Error {
  readonly fileName: string;

  constructor(fileName: string, message = `${fileName} could not be uploaded. Please try again.`) {
    super(message);
    this.name = 'ImageUploadError';
    this.fileName = fileName;
  }
}

export interface UploadedValuationImage {
  key: string;
  fileName: string;
}

/** A presigned POST, as S3 wants it: the signed fields first, the file last. */
async function postToStorage(upload: PresignedUpload, file: File): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(upload.url, { method: 'POST', body: form });
  } catch {
    throw new ImageUploadError(file.name);
  }
  if (!response.ok) throw new ImageUploadError(file.name);
}

/**
 * POST /api/uploads/valuation-images, then each photo straight to storage with its presigned POST.
 * Returns the keys to send with the valuation request, in the order the photos were chosen.
 */
async function uploadValuationImages(files: File[]): Promise<UploadedValuationImage[]> {
  if (files.length === 0) return [];
  const { uploads } = await apiRequest<{ uploads: PresignedUpload[] }>('/uploads/valuation-images', {
    method: 'POST',
    body: { files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })) },
  });
  await Promise.all(uploads.map((upload, i) => postToStorage(upload, files[i])));
  return uploads.map((upload, i) => ({ key: upload.key, fileName: files[i].name }));
}

export const useUploadValuationImages = () => useMutation({ mutationFn: uploadValuationImages });
