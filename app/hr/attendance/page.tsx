export { default } from '@/app/admin/attendance/page';
