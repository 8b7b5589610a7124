import { readFileSync } from 'node:fs';
import { act, render, screen, waitFor } from '@testing-library/react';
import { TOAST_ENTER_MS, TOAST_EXIT_MS, TOAST_POSITION } from '../constants.js';
import { appToaster, notify, TOAST_DURATION_PROPERTIES, TOASTER_CLASS } from './notify.js';
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

describe('the toaster', () => {
  it('takes its position and its enter and exit durations from constants.ts', async () => {
    await act(async () => {
      await notify({ message: 'Timed' });
    });
    await screen.findByText('Timed');
    const container = document.querySelector<HTMLElement>(`.${TOASTER_CLASS}`);
    const sides = TOAST_POSITION.split('-');
    expect(sides).toHaveLength(2);
    for (const side of sides) expect(container?.className).toContain(`bp6-toast-container-${side}`);

    // The toaster renders inside a host that carries the durations as custom properties…
    const host = container?.closest<HTMLElement>(`.${TOASTER_CLASS}-host`);
    expect(host?.parentElement).toBe(document.body);
    expect(host?.style.getPropertyValue('--allot-toast-enter-duration')).toBe(
      `${String(TOAST_ENTER_MS)}ms`,
    );
    expect(host?.style.getPropertyValue('--allot-toast-exit-duration')).toBe(
      `${String(TOAST_EXIT_MS)}ms`,
    );
    expect(Object.keys(TOAST_DURATION_PROPERTIES)).toEqual([
      '--allot-toast-enter-duration',
      '--allot-toast-exit-duration',
    ]);

    // …and toasts.css takes its transitions from them, repeating no duration of its own.
    const css = readFileSync(new URL('./toasts.css', import.meta.url), 'utf8');
    const rules = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map(([, selector, body]) => ({
      selector: (selector ?? '').replace(/\/\*[\s\S]*?\*\//g, '').trim(),
      body: body ?? '',
    }));
    const durationOf = (state: string) =>
      rules
        .find((r) => r.selector.includes(`.bp6-toast-${state}-active`))
        ?.body.match(/transition-duration:\s*([^;]+);/)?.[1];
    expect(durationOf('enter')).toBe('var(--allot-toast-enter-duration)');
    expect(durationOf('appear')).toBe('var(--allot-toast-enter-duration)');
    expect(durationOf('exit')).toBe('var(--allot-toast-exit-duration)');
    expect(css).not.toMatch(/transition-duration:\s*\d/);
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
