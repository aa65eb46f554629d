import { describe, expect, it } from 'vitest';
import { compareTimes, markedRead, mergeMessages, unreadFor, type ChatMessage } from '@/features/chat/lib/thread';

const message = (id: string, created_at: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  created_at,
  content: `message ${id}`,
  sender_id: 'customer',
  receiver_id: 'admin',
  is_read: false,
  ...extra,
});

describe('mergeMessages', () => {
  it('keeps the thread oldest first whatever order messages arrive in', () => {
    const thread = [message('b', '2026-11-22T10:00:00Z'), message('a', '2026-11-22T09:00:00Z')];
    const merged = mergeMessages(thread, [message('c', '2026-11-22T09:30:00Z')]);
    expect(merged.map((m) => m.id)).toEqual(['a', 'c', 'b']);
  });

  it('keeps one copy of a message that arrives twice, the newest one', () => {
    const first = message('a', '2026-11-22T09:00:00Z');
    const merged = mergeMessages([first], [{ ...first, is_read: true }]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.is_read).toBe(true);
  });

  it('orders messages of the same instant by id, so every client shows the same order', () => {
    const merged = mergeMessages([message('y', '2026-11-22T09:00:00Z')], [message('x', '2026-11-22T09:00:00Z')]);
    expect(merged.map((m) => m.id)).toEqual(['x', 'y']);
  });

  it('does not change the thread it was given', () => {
    const thread = [message('a', '2026-11-22T09:00:00Z')];
    mergeMessages(thread, [message('b', '2026-11-22T10:00:00Z')]);
    expect(thread).toHaveLength(1);
  });
});

describe('unreadFor', () => {
  const thread = [
    message('1', '2026-11-22T09:00:00Z', { sender_id: 'admin', receiver_id: 'claire' }),
    message('2', '2026-11-22T09:01:00Z', { sender_id: 'admin', receiver_id: 'claire', is_read: true }),
    message('3', '2026-11-22T09:02:00Z', { sender_id: 'claire', receiver_id: 'admin' }),
    message('4', '2026-11-22T09:03:00Z', { sender_id: 'other-admin', receiver_id: 'claire' }),
  ];

  it('finds the unread messages addressed to the reader, not the ones they sent', () => {
    expect(unreadFor(thread, 'claire').map((m) => m.id)).toEqual(['1', '4']);
    expect(unreadFor(thread, 'admin').map((m) => m.id)).toEqual(['3']);
  });

  it('can keep only one sender', () => {
    expect(unreadFor(thread, 'claire', 'admin').map((m) => m.id)).toEqual(['1']);
  });
});

describe('compareTimes', () => {
  it('compares instants, not texts', () => {
    expect(compareTimes('2026-11-22T10:00:00+01:00', '2026-11-22T09:30:00+00:00')).toBeLessThan(0);
  });

  it('tells apart instants a Date cannot (microseconds)', () => {
    expect(compareTimes('2026-11-22T09:00:00.000001+00:00', '2026-11-22T09:00:00.000002+00:00')).toBeLessThan(0);
    expect(compareTimes('2026-11-22T09:00:00.5+00:00', '2026-11-22T09:00:00.5+00:00')).toBe(0);
  });
});

describe('markedRead', () => {
  const thread = [
    message('1', '2026-11-22T09:00:00Z', { sender_id: 'admin', receiver_id: 'claire' }),
    message('2', '2026-11-22T09:01:00Z', { sender_id: 'claire', receiver_id: 'admin' }),
    message('3', '2026-11-22T09:02:00Z', { sender_id: 'other-admin', receiver_id: 'claire' }),
    message('4', '2026-11-22T09:03:00Z', { sender_id: 'admin', receiver_id: 'claire' }),
  ];

  it('marks the reader\'s messages read up to the given time, not later ones nor the ones they sent', () => {
    expect(markedRead(thread, 'claire', '2026-11-22T09:02:00Z').map((m) => m.is_read)).toEqual([true, false, true, false]);
  });

  it('can keep to one sender', () => {
    expect(markedRead(thread, 'claire', '2026-11-22T09:03:00Z', 'admin').map((m) => m.is_read)).toEqual([true, false, false, true]);
  });
});
