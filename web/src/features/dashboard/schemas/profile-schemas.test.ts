import { describe, expect, it } from 'vitest';
import { nameSchema } from '@/features/dashboard/schemas/profile-schemas';

describe('nameSchema', () => {
  it('trims the name', () => {
    expect(nameSchema.parse({ fullName: '  Claire Martin ' })).toEqual({ fullName: 'Claire Martin' });
  });
});
