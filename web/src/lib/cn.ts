import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins classes, the later winning a conflict (`cn('h-8', 'h-4')` is `h-4`). tailwind-merge weighs
 * 9 KB gzip, so the components the public pages render (header, button, skeleton, spinner, price
 * tag, a product's gallery and variants) join theirs with clsx and take no conflicting classes:
 * their variants say the rest.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
