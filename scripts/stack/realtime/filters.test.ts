// Filter parsing (Realtime's grammar and error wording, and what realtime-js's filter builder
// writes) and evaluation on typed records (Realtime's comparisons after casting to the column type).
import { postgresChangesFilter } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { FilterError, matchesFilters, parseFilters } from './filters.ts';

const types: Record<string, string> = {
  id: 'uuid',
  receiver_id: 'uuid',
  content: 'text',
  is_read: 'bool',
  amount: 'int4',
  price: 'numeric',
  created_at: 'timestamptz',
  day: 'date',
  meta: 'jsonb',
};
const typeOf = (column: string) => types[column];
const row = {
  id: '0f6c1a52-6d7f-4f9e-9a43-5b2e8a1c7d10',
  receiver_id: '7a1d3b9e-2c4f-4e8a-b6d5-1f0e9c8b7a62',
  content: 'Bonjour, (ami) "cher"',
  is_read: false,
  amount: 42,
  price: 12.5,
  created_at: '2026-03-01T10:15:30.123456+00:00',
  day: '2026-03-01',
  meta: { tags: ['a', 'b'], n: 1 },
};
const passes = (filter: string, record: Record<string, unknown> = row) => matchesFilters(parseFilters(filter), record, typeOf);

describe('parseFilters', () => {
  it('reads col=op.value, ANDed conditions, not. and PostgREST quotes', () => {
    expect(parseFilters(undefined)).toEqual([]);
    expect(parseFilters('   ')).toEqual([]);
    expect(parseFilters('receiver_id=eq.abc')).toEqual([{ column: 'receiver_id', op: 'eq', value: 'abc', negate: false }]);
    expect(parseFilters('amount=gt.0,amount=lt.100').map((f) => [f.op, f.value])).toEqual([['gt', '0'], ['lt', '100']]);
    expect(parseFilters('content=not.like.hey%')).toEqual([{ column: 'content', op: 'like', value: 'hey%', negate: true }]);
    expect(parseFilters('content=eq."a,b (c)"')).toEqual([{ column: 'content', op: 'eq', value: 'a,b (c)', negate: false }]);
    expect(parseFilters('content=eq."say \\"hi\\""')[0]!.value).toBe('say "hi"');
  });

  it('reads in-lists with quoted items', () => {
    const [filter] = parseFilters('content=in.(a,"b,c", d ,NULL)');
    expect(filter).toMatchObject({ op: 'in', value: 'a,"b,c", d ,NULL', items: ['a', 'b,c', 'd', null] });
  });

  it('reads every filter realtime-js’s filter builder writes', () => {
    const built = postgresChangesFilter()
      .eq('content', 'x,y')
      .neq('amount', 1)
      .gte('amount', 2)
      .lte('amount', 3)
      .in('content', ['p', 'q,r'])
      .ilike('content', '%B%')
      .match('content', '^Bon')
      .is('is_read', false)
      .isDistinct('amount', 7)
      .not('content', 'in', ['z'])
      .build();
    expect(parseFilters(built).map((f) => `${f.negate ? 'not.' : ''}${f.op}`)).toEqual(['eq', 'neq', 'gte', 'lte', 'in', 'ilike', 'match', 'is', 'isdistinct', 'not.in']);
    expect(parseFilters(built)[4]!.items).toEqual(['p', 'q,r']);
  });

  it('refuses what Realtime refuses, in its words', () => {
    const reason = (filter: string) => {
      try {
        parseFilters(filter);
        return undefined;
      } catch (error) {
        expect(error).toBeInstanceOf(FilterError);
        return (error as Error).message;
      }
    };
    expect(reason('subject=foo.hey')).toBe('Error parsing `filter` params: ["foo", "hey"]');
    expect(reason('undefined')).toBe('Error parsing `filter` params: ["undefined"]');
    expect(reason('id=eq.1,,id=eq.2')).toBe('Error parsing `filter` params: filter must not contain empty segments (check for extra commas)');
    expect(reason('id=in.1,2')).toBe('Error parsing `filter` params: `in` filter value must be wrapped by parentheses');
    expect(reason(`id=in.(${Array.from({ length: 101 }, (_, i) => i).join(',')})`)).toMatch(/too many values/);
    expect(reason('is_read=is.maybe')).toMatch(/invalid value for `is`/);
  });
});

describe('matchesFilters', () => {
  it('compares uuids and text exactly', () => {
    expect(passes(`receiver_id=eq.${row.receiver_id}`)).toBe(true);
    expect(passes(`receiver_id=eq.${row.receiver_id.toUpperCase()}`)).toBe(true);
    expect(passes(`receiver_id=eq.${row.id}`)).toBe(false);
    expect(passes(`receiver_id=neq.${row.id}`)).toBe(true);
    expect(passes('content=eq."Bonjour, (ami) \\"cher\\""')).toBe(true);
  });

  it('compares numbers as numbers, not as text', () => {
    expect(passes('amount=gt.9')).toBe(true);
    expect(passes('amount=lt.100')).toBe(true);
    expect(passes('amount=gte.42,amount=lte.42')).toBe(true);
    expect(passes('price=eq.12.50')).toBe(true);
    expect(passes('amount=gt.42')).toBe(false);
  });

  it('compares booleans, timestamps across zones, dates and JSON', () => {
    expect(passes('is_read=eq.false')).toBe(true);
    expect(passes('is_read=eq.t')).toBe(false);
    expect(passes('created_at=eq.2026-03-01 11:15:30.123456+01')).toBe(true);
    expect(passes('created_at=gt.2026-03-01T10:15:30.123Z')).toBe(true);
    expect(passes('created_at=lt.2026-03-01T10:15:30.123Z')).toBe(false);
    expect(passes('day=gte.2026-02-28')).toBe(true);
    expect(passes('meta=eq."{\\"tags\\":[\\"a\\",\\"b\\"],\\"n\\":1}"')).toBe(true);
    expect(passes('meta=eq.{"n":2}')).toBe(false);
  });

  it('applies in, like, ilike, match, imatch, is, isdistinct and not.', () => {
    expect(passes('amount=in.(1,42,7)')).toBe(true);
    expect(passes('amount=in.(1,2)')).toBe(false);
    expect(passes('amount=not.in.(1,2)')).toBe(true);
    expect(passes('content=like.Bonjour%')).toBe(true);
    expect(passes('content=like.bonjour%')).toBe(false);
    expect(passes('content=ilike.bonjour%')).toBe(true);
    expect(passes('content=like."Bonjour,_(ami)%"')).toBe(true);
    expect(passes('content=match.^Bon')).toBe(true);
    expect(passes('content=imatch.^BON')).toBe(true);
    expect(passes('is_read=is.false')).toBe(true);
    expect(passes('is_read=is.null')).toBe(false);
    expect(passes('amount=isdistinct.7')).toBe(true);
    expect(passes('amount=not.isdistinct.42')).toBe(true);
  });

  it('treats NULL as SQL does: no comparison passes, not even negated, but is.null does', () => {
    const withNull = { ...row, content: null };
    expect(passes('content=eq.x', withNull)).toBe(false);
    expect(passes('content=not.eq.x', withNull)).toBe(false);
    expect(passes('content=is.null', withNull)).toBe(true);
    expect(passes('content=isdistinct.x', withNull)).toBe(true);
  });

  it('skips a condition on a column the record does not carry', () => {
    expect(passes(`receiver_id=eq.${row.id}`, { id: row.id })).toBe(true);
    expect(passes(`id=eq.${row.receiver_id}`, { id: row.id })).toBe(false);
  });

  it('requires every condition', () => {
    expect(passes(`receiver_id=eq.${row.receiver_id},amount=gt.100`)).toBe(false);
    expect(passes(`receiver_id=eq.${row.receiver_id},amount=gt.1`)).toBe(true);
  });
});
