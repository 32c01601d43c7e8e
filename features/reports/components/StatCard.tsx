// The figure card and panel live in the UI kit (components/ui/StatCard.tsx); re-exported for the
// screens that import them from here.
export { Panel, StatCard, percent, type Tone } from '@/components/ui/StatCard';
