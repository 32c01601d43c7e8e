export { default } from '@/app/admin/recap/page';
