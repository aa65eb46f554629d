// The decision on a stock shortfall: one of the two the database accepts, chosen on purpose.
import * as z from 'zod/mini';

export const stockShortfallDecisionSchema = z.object({
  resolution: z.enum(['delivered', 'refunded'], { error: 'Choisissez ce qui a été fait pour cette commande.' }),
});

export type StockShortfallDecisionValues = z.infer<typeof stockShortfallDecisionSchema>;
