// A face photo's size read from its JPEG header (the SOF segment), before anything decodes its pixels.
// A small file can declare a huge image (a 62 KB JPEG of 4000×4000 pixels costs the face engine
// seconds and hundreds of MB), so anything larger than the camera dialog's frame is refused here.
import { imageSize } from 'image-size';
import { AppError } from '@/lib/server/errors';
import { MAX_PHOTO_HEIGHT, MAX_PHOTO_WIDTH } from '@/features/attendance/lib/limits';

export const PHOTO_DIMENSIONS_MESSAGE = `Ukuran foto wajah maksimal ${MAX_PHOTO_WIDTH}×${MAX_PHOTO_HEIGHT} piksel. Ambil foto dari kamera aplikasi.`;

/** Width and height from the header; 400 for a JPEG without a readable header or larger than the camera's frame. */
export function assertCameraDimensions(jpeg: Uint8Array): { width: number; height: number } {
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(jpeg);
  } catch {
    throw new AppError(400, 'INVALID_PHOTO', 'Foto wajah harus berupa gambar JPEG');
  }
  const { width = 0, height = 0 } = size;
  if (size.type !== 'jpg' || width < 1 || height < 1) throw new AppError(400, 'INVALID_PHOTO', 'Foto wajah harus berupa gambar JPEG');
  // Either orientation: a portrait frame of the same size is as cheap as a landscape one.
  if (Math.max(width, height) > MAX_PHOTO_WIDTH || Math.min(width, height) > MAX_PHOTO_HEIGHT) {
    throw new AppError(400, 'PHOTO_DIMENSIONS', PHOTO_DIMENSIONS_MESSAGE);
  }
  return { width, height };
}
