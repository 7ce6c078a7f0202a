import { useEffect } from 'react';
import { API_BASE } from '../../shared/constants';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, type UploadedImage } from '../../shared/schemas/organizer-workspace';
import type { Problem } from '../../shared/schemas/problem';
import { type ApiResult, getApiClient } from './api-client';

/**
 * The organizer's image uploads (DESIGN §14), for every editor that takes pictures (event cover, venue
 * photos): upload with progress, read and change one image, and wait while the server renders its sizes.
 */

type ImageAnswer = { image: UploadedImage };

export const fetchImage = (id: string) => getApiClient().get<ImageAnswer>(`/organizer/images/${id}`);
export const patchImage = (id: string, body: { focal_x?: number; focal_y?: number; alt?: Record<string, string> }) =>
  getApiClient().patch<ImageAnswer>(`/organizer/images/${id}`, body);

/** What is wrong with a file before it is sent: a type the server refuses, or too many bytes. */
export function imageFileProblem(file: File): 'wrong_type' | 'too_large' | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'wrong_type';
  if (file.size > IMAGE_MAX_BYTES) return 'too_large';
  return null;
}

function uploadProblem(status: number, body: unknown, fallback: string): Problem {
  if (body && typeof body === 'object' && 'detail' in body && 'code' in body) return body as Problem;
  return { type: 'about:blank', title: fallback, status, detail: '', code: fallback };
}

/**
 * `POST /organizer/images` (multipart `file`) through XMLHttpRequest, the one browser API that reports
 * upload progress; fetch cannot. The token and language headers come from the API client.
 */
export async function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<ApiResult<ImageAnswer>> {
  const client = getApiClient();
  let token: string;
  try {
    token = await client.getAccessToken();
  } catch {
    return { ok: false, status: 0, problem: uploadProblem(0, null, 'network') };
  }
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/organizer/images`);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', client.getLocale());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300 && body && typeof body === 'object' && 'image' in body) {
        resolve({ ok: true, status: request.status, data: body as ImageAnswer });
      } else {
        resolve({ ok: false, status: request.status, problem: uploadProblem(request.status, body, 'upload_failed') });
      }
    };
    request.onerror = () => resolve({ ok: false, status: 0, problem: uploadProblem(0, null, 'network') });
    const data = new FormData();
    data.append('file', file);
    request.send(data);
  });
}

const POLL_MS = 1500;

/**
 * While any of these images is still processing, asks for it again every 1.5 s and hands over each one
 * that is ready or failed. `onImage` should be stable (useCallback), or the polling restarts each render.
 */
export function useProcessingImages(images: readonly Pick<UploadedImage, 'id' | 'status'>[], onImage: (image: UploadedImage) => void): void {
  const waiting = images
    .filter((image) => image.status === 'processing')
    .map((image) => image.id)
    .join(',');
  useEffect(() => {
    if (!waiting) return undefined;
    let stopped = false;
    const timer = setInterval(async () => {
      for (const id of waiting.split(',')) {
        const result = await fetchImage(id);
        if (stopped) return;
        if (result.ok && result.data.image.status !== 'processing') onImage(result.data.image);
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [waiting, onImage]);
}
