export { default } from '@/app/admin/daily-close/page';
