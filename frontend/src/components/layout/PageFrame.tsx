import type { ReactNode } from 'react';
import { H2 } from '@blueprintjs/core';
import { usePageInfo } from '../../lib/hooks/usePageInfo.js';

export interface PageFrameProps {
  /** Defaults to the route's title (its menu label). */
  title?: string;
  /** Defaults to the route's one-line description. */
  description?: ReactNode;
  /** Buttons on the right of the header. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The header every page starts with: its title, what it is for, and its actions. */
export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  const info = usePageInfo();
  const heading = title ?? info.title;
  const text = description ?? info.description;
  return (
    <section className="allot-page" aria-labelledby="allot-page-title">
      <header className="allot-page__header">
        <div className="allot-page__heading">
          <H2 id="allot-page-title" className="allot-page__title">
            {heading}
          </H2>
          {text && <p className="allot-page__description">{text}</p>}
        </div>
        {actions && <div className="allot-page__actions">{actions}</div>}
      </header>
      <div className="allot-page__body">{children}</div>
    </section>
  );
}
