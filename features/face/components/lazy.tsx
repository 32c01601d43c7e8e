'use client';
// The face dialogs (camera, face detector, JPEG encoder) load with the click that opens one, not with
// the page: mount them only while open. The face models themselves load when the camera starts.
import dynamic from 'next/dynamic';
import { Spinner } from '@/components/ui/Spinner';

function Loading() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50">
      <div className="rounded-xl bg-white px-8 shadow-lg">
        <Spinner label="Memuat kamera..." className="py-6" />
      </div>
    </div>
  );
}

export const LazyFaceDialog = dynamic(() => import('@/features/face/components/FaceDialog').then((m) => m.FaceDialog), {
  ssr: false,
  loading: Loading,
});
export const LazyEnrolFaceDialog = dynamic(() => import('@/features/face/components/EnrolFaceDialog').then((m) => m.EnrolFaceDialog), {
  ssr: false,
  loading: Loading,
});
