// Limits of a check-in/out request, shared by the browser and the server. No zod here: the camera
// code imports this, and the validation library has no place in the pages' first-load JavaScript.
export const MAX_PHOTO_BYTES = 300 * 1024;
/** base64 of 300 KB is ~410 KB; the rest of the JSON is small. */
export const MAX_ATTENDANCE_BODY = 450_000;
export const DESCRIPTOR_LENGTH = 128;
export const JPEG_DATA_URL_PREFIX = 'data:image/jpeg;base64,';
/** The camera dialog's canvas (hooks/useCamera.ts): no face photo is larger, in either orientation. */
export const MAX_PHOTO_WIDTH = 640;
export const MAX_PHOTO_HEIGHT = 480;
/**
 * A reported location accuracy (metres) above this is not a position at all (a GPS fix is metres to
 * hundreds of metres; a cell or IP guess a few km): refused as invalid input.
 */
export const MAX_LOCATION_ACCURACY_M = 10_000;
