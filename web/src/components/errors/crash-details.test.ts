import { describe, expect, it } from 'vitest';
import { crashDetails } from '@/components/errors/crash-details';

describe('crashDetails', () => {
  it('shows the name and message once, then the frames', () => {
    const v8 = new Error('perdu');
    v8.stack = 'Error: perdu\n    at page (about.js:1:1)';
    expect(crashDetails(v8)).toBe('Error: perdu\n    at page (about.js:1:1)');
    const framesOnly = new Error('perdu');
    framesOnly.stack = 'page@about.js:1:1';
    expect(crashDetails(framesOnly)).toBe('Error: perdu\n\npage@about.js:1:1');
    const bare = new Error('perdu');
    bare.stack = '';
    expect(crashDetails(bare)).toBe('Error: perdu');
    expect(crashDetails(42)).toBe('42');
  });
});
