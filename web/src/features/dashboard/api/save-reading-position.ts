// Saves where the buyer stopped through `save_reading_position` (the database checks the item is
// theirs and the value possible). Sent as a plain `fetch` with `keepalive`, so the save made as
// the page hides or closes still reaches the server after the page is gone; for the same reason
// it takes the access token as it is, synchronously (useAccessToken keeps it current).
import { env } from '@/config/env';
import type { PositionUnit } from '@/features/dashboard/lib/reading-position';

export interface PositionSave {
  orderItemId: string;
  unit: PositionUnit;
  position: number;
  length: number;
}

export function saveReadingPosition(save: PositionSave, accessToken: string): Promise<Response> {
  return fetch(`${env.VITE_SUPABASE_URL}/rest/v1/rpc/save_reading_position`, {
    method: 'POST',
    keepalive: true,
    headers: {
      apikey: env.VITE_SUPABASE_PUBLISHABLE_KEY,
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ p_order_item_id: save.orderItemId, p_unit: save.unit, p_position: save.position, p_length: save.length }),
  });
}
