export { default } from '@/app/admin/face-status/page';
