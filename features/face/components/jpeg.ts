// A canvas as a JPEG data URL under the server's 300 KB cap (quality 0.8 unless asked, lowered only if needed).
import { MAX_PHOTO_BYTES } from '@/features/attendance/lib/limits';

const decodedBytes = (dataUrl: string) => Math.floor(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4);

export function canvasToJpeg(canvas: HTMLCanvasElement, startQuality = 0.8): string {
  let quality = startQuality;
  let url = canvas.toDataURL('image/jpeg', quality);
  while (decodedBytes(url) > MAX_PHOTO_BYTES && quality > 0.3) {
    quality -= 0.15;
    url = canvas.toDataURL('image/jpeg', quality);
  }
  return url;
}
