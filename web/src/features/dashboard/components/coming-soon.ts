import { toast } from '@/lib/toast-store';

/** Invoice, reorder and the built-in viewer are not built yet (spec §8). */
export function announceComingSoon(description: string): void {
  toast({ title: 'Bientôt disponible', description });
}
