// The panel's refusals of a chosen photo, in French, before anything is sent: not an image, too
// large to decode safely, or not decodable. What Storage refuses after that is said by uploadRefusal.
import { formatFileSize } from '@/features/admin/lib/file-size';
import { largestOriginalBytes } from '@/features/admin/lib/resize-image';

/** Why this file cannot become a product image, or null when it may be tried. */
export function chosenImageRefusal(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') {
    return `« ${file.name} » n’est pas une photo : choisissez un fichier JPEG, PNG ou WebP.`;
  }
  if (file.size > largestOriginalBytes) {
    return `« ${file.name} » pèse ${formatFileSize(file.size)} : ${formatFileSize(largestOriginalBytes)} au plus. Réduisez-la, puis réessayez.`;
  }
  return null;
}

export const unreadableImage = (name: string) => `« ${name} » n’a pas pu être lue comme une image : le fichier est peut-être abîmé.`;

export const uploadRefusal = (name: string) =>
  `« ${name} » n’a pas pu être enregistrée (refusée par le stockage, ou votre session a expiré). Rechargez la page, puis réessayez.`;
