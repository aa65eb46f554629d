// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const insert = vi.fn(async (_row: unknown) => ({ error: null as { message: string } | null }));
const from = vi.fn((_table: string) => ({ insert }));
vi.mock('@/lib/supabase-loader', () => ({ loadSupabase: async () => ({ from }) }));

const { describeCrash, reportCrash } = await import('@/components/errors/report-crash');

afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('describeCrash', () => {
  it('keeps the name, the message, the stack, the page and the browser', () => {
    const error = new TypeError('lecture impossible');
    expect(describeCrash(error, 'http://127.0.0.1:5173/store', 'Chromium')).toEqual({
      message: 'TypeError: lecture impossible',
      details: error.stack,
      page_url: 'http://127.0.0.1:5173/store',
      user_agent: 'Chromium',
    });
  });

  it('cuts every text to the database limits instead of losing the report', () => {
    const error = new Error('m'.repeat(5000));
    error.stack = 's'.repeat(30000);
    const report = describeCrash(error, `http://x/${'p'.repeat(3000)}`, 'u'.repeat(900));
    expect(report.message).toHaveLength(2000);
    expect(report.details).toHaveLength(20000);
    expect(report.page_url).toHaveLength(2000);
    expect(report.user_agent).toHaveLength(500);
  });

  it('describes a thrown value that is not an Error, and a blank one', () => {
    expect(describeCrash('chunk refusé', 'http://x/', '')).toMatchObject({ message: 'chunk refusé', details: null, user_agent: null });
    expect(describeCrash('   ', 'http://x/', 'ua').message).toBe('Unknown error');
  });
});

describe('reportCrash', () => {
  it('inserts one report per error into crash_reports', async () => {
    const error = new Error('une fois');
    await reportCrash(error);
    await reportCrash(error);
    expect(from).toHaveBeenCalledWith('crash_reports');
    expect(insert).toHaveBeenCalledTimes(1);
    expect(insert.mock.calls[0]?.[0]).toMatchObject({ message: 'Error: une fois', page_url: window.location.href });
  });

  it('logs a refused report instead of throwing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    insert.mockResolvedValueOnce({ error: { message: 'permission denied' } });
    await expect(reportCrash(new Error('refusée'))).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith('The crash could not be reported:', { message: 'permission denied' });
  });
});
