import { act, render, screen, waitFor } from '@testing-library/react';
import { appToaster, notify } from './notify.js';
import {
  PROCESSING_COMPLEX_DATA,
  PROCESSING_DATA,
  startProcessing,
  useProcessingMessage,
  withProcessing,
} from './processing.js';

// The page's toaster mounts in its own React root; outside act, as in the browser.
beforeAll(async () => {
  await appToaster();
});

afterEach(async () => {
  const toaster = await appToaster();
  act(() => toaster.clear());
});

describe('toasts', () => {
  it('shows at most 3 at once, bottom-left, each hiding after 5 s', async () => {
    await act(async () => {
      for (const n of [1, 2, 3, 4, 5]) await notify({ message: `Message ${String(n)}` });
    });
    const toaster = await appToaster();
    // Blueprint shows queued toasts one by one; the oldest give way to the newest.
    await waitFor(() =>
      expect(toaster.getToasts().map((t) => t.message)).toEqual([
        'Message 5',
        'Message 4',
        'Message 3',
      ]),
    );
    // Toasts that gave way leave the page once their exit transition has run.
    await waitFor(() => expect(document.querySelectorAll('.bp6-toast')).toHaveLength(3));
    expect(toaster.getToasts().every((t) => t.timeout === 5000)).toBe(true);
    await screen.findByText('Message 5');
    const container = document.querySelector('.allot-toaster');
    expect(container?.className).toContain('bp6-toast-container-bottom');
    expect(container?.className).toContain('bp6-toast-container-left');
  });
});

describe('processing messages', () => {
  it('shows Processing Data... until the operation ends', async () => {
    let done = () => undefined as void;
    await act(async () => {
      done = startProcessing();
      await Promise.resolve();
    });
    expect(await screen.findByText(PROCESSING_DATA)).toBeTruthy();
    const toaster = await appToaster();
    expect(toaster.getToasts()[0]?.timeout).toBe(0);
    act(() => done());
    await waitFor(() => expect(toaster.getToasts()).toHaveLength(0));
  });

  it('says complex operations may take a while, and ends the message when the work fails', async () => {
    let fail: (e: Error) => void = () => undefined;
    let outcome: Promise<unknown> = Promise.resolve();
    act(() => {
      outcome = withProcessing(() => new Promise((_resolve, reject) => (fail = reject)), {
        complex: true,
      }).catch((e: unknown) => e);
    });
    expect(await screen.findByText(PROCESSING_COMPLEX_DATA)).toBeTruthy();
    await act(async () => {
      fail(new Error('boom'));
      await outcome;
    });
    const toaster = await appToaster();
    await waitFor(() => expect(toaster.getToasts()).toHaveLength(0));
    expect(await outcome).toEqual(new Error('boom'));
  });

  it('useProcessingMessage follows a loading flag', async () => {
    function Saving({ busy }: { busy: boolean }) {
      useProcessingMessage(busy);
      return null;
    }
    const { rerender } = render(<Saving busy />);
    expect(await screen.findByText(PROCESSING_DATA)).toBeTruthy();
    rerender(<Saving busy={false} />);
    const toaster = await appToaster();
    await waitFor(() => expect(toaster.getToasts()).toHaveLength(0));
  });
});
