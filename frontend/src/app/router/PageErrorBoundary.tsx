import { Component, type ErrorInfo, type ReactNode } from 'react';
import { NonIdealState } from '@blueprintjs/core';
import { ErrorIcon } from '@blueprintjs/icons';

interface Props {
  /** A new value (the path) clears a shown error: the message resets on navigation (spec §2). */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** Spec §2/§8: a page that fails to render shows "Something went wrong:" and the message. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(messageOf(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Kept in the console for support; the page itself tells the user what to do.
    console.warn('Page render failed:', messageOf(error), info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="allot-page-error" role="alert">
        <NonIdealState
          icon={<ErrorIcon size={48} />}
          title="Something went wrong:"
          description={
            <>
              <p className="allot-page-error__message">{error.message}</p>
              <p>Please contact support.</p>
            </>
          }
        />
      </div>
    );
  }
}
