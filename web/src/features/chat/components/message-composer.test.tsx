// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageComposer } from '@/features/chat/components/message-composer';

const setup = (onSend: (content: string) => Promise<boolean>, loading = false) => {
  render(<MessageComposer onSend={onSend} loading={loading} />);
  return { input: screen.getByLabelText('Votre message'), send: screen.getByRole('button', { name: 'Envoyer' }) };
};

describe('MessageComposer', () => {
  it('cannot send blank or whitespace-only text', async () => {
    const onSend = vi.fn(async () => true);
    const { input, send } = setup(onSend);
    expect(send).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(send).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('cannot send while the thread is loading', async () => {
    const { input, send } = setup(vi.fn(async () => true), true);
    await userEvent.type(input, 'Bonjour');
    expect(send).toBeDisabled();
  });

  it('sends the trimmed text and empties the field once sent', async () => {
    const onSend = vi.fn(async () => true);
    const { input, send } = setup(onSend);
    await userEvent.type(input, '  Bonjour Maître  ');
    await userEvent.click(send);
    expect(onSend).toHaveBeenCalledWith('Bonjour Maître');
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('is disabled while sending, and keeps the text when sending failed', async () => {
    let finish: (sent: boolean) => void = () => undefined;
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const { input, send } = setup(onSend);
    await userEvent.type(input, 'Bonjour{Enter}');
    await waitFor(() => expect(send).toBeDisabled());
    finish(false);
    await waitFor(() => expect(send).toBeEnabled());
    expect(input).toHaveValue('Bonjour');
  });
});
