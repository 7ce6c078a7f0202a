import type { JobQueue } from '../jobs/job-queue';
import { IMAGE_PROCESS_JOB, type ImageJobScope, type ImagesService } from './images-service';

/**
 * `image.process`: renders an uploaded image's derivatives (`scope: 'all'`) or only its crops after a new
 * focal point (`scope: 'crops'`). A failure is recorded on the image, then rethrown so the queue retries.
 */
export function registerImagesJobs({ jobs, images }: { jobs: JobQueue; images: ImagesService }) {
  jobs.register(IMAGE_PROCESS_JOB, async (payload) => {
    const imageId = String(payload.image_id);
    const scope: ImageJobScope = payload.scope === 'crops' ? 'crops' : 'all';
    try {
      await images.process({ imageId, scope });
    } catch (error) {
      await images.recordFailure({ imageId, scope, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  });
}
