import { toast } from '@/lib/toast-store';

/** Invoice and reorder are not built yet (spec §8). */
export function announceComingSoon(description: string): void {
  toast({ title: 'Bientôt disponible', description });
}
