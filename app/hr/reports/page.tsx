export { default } from '@/app/admin/reports/page';
